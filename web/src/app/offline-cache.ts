/**
 * Where the last signals this device saw are kept for the service worker's offline page: one JSON answer
 * in Cache Storage (web/public/offline.js reads the same names). Apart from offline-signals.ts so that
 * the session store can forget them without importing the clock that imports the session store.
 */
export const OFFLINE_SIGNALS_CACHE = 'signalroom-last-signals';
export const OFFLINE_SIGNALS_URL = '/offline/last-signals.json';

/** Forgets them (sign-out: the next person on this device sees none of them). */
export function forgetOfflineSignals(): void {
  if ('caches' in globalThis) void caches.delete(OFFLINE_SIGNALS_CACHE).catch(() => undefined);
}
