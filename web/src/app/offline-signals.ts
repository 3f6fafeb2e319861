import type { TSignal, TSignalView } from '@signalroom/shared';
import { formatForReader } from '../components/clock/use-clock.js';
import { formatPrice, resultLabel, tradeLabel } from '../components/dashboard/signal-format.js';
import { OFFLINE_SIGNALS_CACHE, OFFLINE_SIGNALS_URL } from './offline-cache.js';

// The last signals this device saw, kept where the service worker's offline page can read them
// (web/public/offline.js). Times are written already formatted by the app's one clock, in the reader's
// zone, so the offline page shows them as every other screen does.

/** As many as the signal room's previous list shows at a glance. */
const KEPT = 5;

export interface OfflineSignals {
  /** "Not live — last seen at …": when this device last received them. */
  seenAt: string;
  signals: { id: string; line: string; at: string }[];
}

/** The one line the offline page shows for a signal: "GBP/USD · SELL · 1.26540 · Won". */
function describeSignal(signal: TSignal): string {
  return [signal.asset, tradeLabel(signal.direction), formatPrice(signal.entryPrice), resultLabel(signal)].join(' · ');
}

export function offlineSnapshot(signals: readonly TSignalView[], seenAt: Date): OfflineSignals {
  const shown = signals.filter((s): s is TSignal => !s.locked).slice(0, KEPT);
  return {
    seenAt: formatForReader(seenAt, { withDate: true, zoneName: true }),
    signals: shown.map((s) => ({
      id: s.id,
      line: describeSignal(s),
      at: formatForReader(s.createdAt, { withDate: true }),
    })),
  };
}

/** Stores the newest signals for the offline page; a browser without Cache Storage simply keeps none. */
export async function keepSignalsForOffline(signals: readonly TSignalView[], seenAt = new Date()): Promise<void> {
  if (!('caches' in window) || signals.length === 0) return;
  const snapshot = offlineSnapshot(signals, seenAt);
  if (snapshot.signals.length === 0) return;
  const cache = await caches.open(OFFLINE_SIGNALS_CACHE);
  await cache.put(
    OFFLINE_SIGNALS_URL,
    new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } }),
  );
}
