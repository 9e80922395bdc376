// @own-modules: a waiting update stays for the page's life, so this file must not share its modules.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateWaiting, watch } from './service-worker';

afterEach(() => vi.unstubAllGlobals());

const worker = () => ({ postMessage: vi.fn(), state: 'installed', addEventListener: vi.fn() });

describe('service worker updates', () => {
  it('offers a waiting version only when another one controls the page, and lets it take over on request', () => {
    const controlled = (controller: object | null) =>
      vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller } });
    const listener = vi.fn();
    const stop = updateWaiting.subscribe(listener);

    controlled(null);
    watch({ waiting: worker(), addEventListener: vi.fn() } as unknown as ServiceWorkerRegistration);
    expect(updateWaiting.get()).toBe(false);

    controlled({});
    const next = worker();
    watch({ waiting: next, addEventListener: vi.fn() } as unknown as ServiceWorkerRegistration);
    expect(updateWaiting.get()).toBe(true);
    expect(listener).toHaveBeenCalled();
    updateWaiting.apply();
    expect(next.postMessage).toHaveBeenCalledWith('skip-waiting');
    stop();
  });
});
