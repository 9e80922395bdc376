import { CONNECTION_MSG } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * The offline-ready app shell: after one visit the service worker keeps the shell, so with the
 * network cut the app still starts and says it is offline; no API answer is ever in the browser's cache.
 */
test.use({ serviceWorkers: 'allow' });

test('the app starts offline with a clear notice and keeps no API data in the cache', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const key of await caches.keys())
      for (const request of await (await caches.open(key)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(10);
  expect(
    cached.filter((p) => !p.startsWith('/assets/') && p !== '/index.html' && p !== '/favicon.svg'),
  ).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(CONNECTION_MSG.offline)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Direct Docs home' })).toBeVisible();
  await expect(page.getByText(CONNECTION_MSG.pageUnavailable)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'offline start');
  await shot(page, 'offline');

  await context.setOffline(false);
  await expect(page.getByText(CONNECTION_MSG.offline)).toHaveCount(0);
});
