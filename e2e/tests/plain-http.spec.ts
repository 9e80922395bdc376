import { expect, type Page, test } from '@playwright/test';
import { PORT } from '../playwright.config';

/**
 * Served over plain http on an address other than localhost, the app must still render. With
 * Strict-Transport-Security or the CSP's upgrade-insecure-requests, the browser fetches every script and
 * style over https and shows a blank white page. Chromium never upgrades loopback addresses such as
 * 127.0.0.2, so a plain host name (mapped to this machine) shows what any LAN or server address would.
 */
const HOST_NAME = 'directdocs-plain-http.test';
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`],
  },
});

async function expectLandingPage(page: Page, url: string) {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  for (const blurb of ['Fast', 'Efficient', 'Reliable', 'Secure']) {
    await expect(page.getByRole('heading', { name: blurb, exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }),
  ).toBeVisible();
  expect(failed).toEqual([]);
  expect(response?.headers()['strict-transport-security']).toBeUndefined();
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
}

test('the landing page renders over plain http on 127.0.0.2', async ({ page }) => {
  await expectLandingPage(page, `http://127.0.0.2:${PORT}/`);
});

test('the landing page renders over plain http on a host name other than localhost', async ({ page }) => {
  await expectLandingPage(page, `http://${HOST_NAME}:${PORT}/`);
});
