/** The service worker (src/sw.ts, built to /sw.js): offline app shell, push and notification clicks. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registered for everyone once the page has loaded, so the app opens offline and installs; push
 * subscribes on top of the same registration after sign-in.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((err: unknown) => console.error(err));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
