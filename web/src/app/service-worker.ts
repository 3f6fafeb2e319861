/**
 * Installs the app's service worker (web/public/sw.js: Web Push and the offline page) for the whole
 * origin, once per page load; later calls answer the same registration. A browser without service
 * workers, or one that refuses (private modes), works as before without them.
 */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  // A browser that refuses it (private mode, an old one) runs the app without offline support.
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
  return registering;
}
