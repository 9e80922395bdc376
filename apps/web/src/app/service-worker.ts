/**
 * Registers the service worker of the production build (apps/web/scripts/service-worker.mjs) after the
 * page has loaded, so it never competes with the first paint, and reports when a new version is waiting.
 */
type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Exported for its test: offers a waiting worker as an update when another one controls the page. */
export function watch(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    // A worker waiting while another controls the page is an update; the first install simply takes over.
    if (worker && navigator.serviceWorker.controller) {
      waiting = worker;
      notify();
    }
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(watch)
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !waiting) return;
    reloading = true;
    window.location.reload();
  });
}

export const updateWaiting = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => waiting !== null,
  /** Lets the new version take over; the page reloads when it does. */
  apply: () => waiting?.postMessage('skip-waiting'),
};
