import { API_KEY_MSG } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * A firm administrator creates an API key on the API Keys screen, a partner system lists the firm's
 * requests with it (X-API-Key), the administrator sees its last use and revokes it, and the call then fails.
 */
test('a firm administrator creates an API key, a system uses it, and revoking it stops it', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  const name = `Case system ${Date.now().toString().slice(-6)}`;
  await loginAs('attorney@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'api keys');

  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('textbox', { name: /Name/ }).fill(name);
  await form.getByRole('button', { name: 'Create Key' }).click();
  await expect(form.getByText(API_KEY_MSG.scopesRequired)).toBeVisible();
  await form.getByRole('checkbox', { name: /Read requests/ }).check();
  await form.getByRole('button', { name: 'Create Key' }).click();

  const shown = page.getByTestId('new-api-key');
  await expect(shown).toBeVisible();
  await expect(page.getByText(API_KEY_MSG.created)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Key' })).toBeVisible();
  const key = (await shown.textContent())?.trim() ?? '';
  expect(key).toMatch(/^ddk_\d+\.[A-Za-z0-9_-]{43}$/);
  await shot(page, 'api-key-created');
  await expectNoSeriousA11yViolations(page, 'api key created');

  // The partner's system: no session, only the key.
  const partner = await playwright.request.newContext({ baseURL });
  const listed = await partner.get('/api/home/request/', { headers: { 'X-API-Key': key } });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).count).toBeGreaterThan(0);
  const outside = await partner.get('/api/home/patient/', { headers: { 'X-API-Key': key } });
  expect(outside.status()).toBe(403);
  expect((await outside.json()).error).toBe(API_KEY_MSG.missingScope('Manage clients'));

  await page.getByRole('button', { name: 'I Have Saved It' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Read requests');
  await expect(row).not.toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);
  await shot(page, 'api-keys');

  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(API_KEY_MSG.revokeConfirm(name))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'api key revoke confirm');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');

  const after = await partner.get('/api/home/request/', { headers: { 'X-API-Key': key } });
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toBe(API_KEY_MSG.invalid);
  await partner.dispose();

  // At phone width the list becomes cards and the form still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(name)).toBeVisible();
  await shot(page, 'api-keys-phone');
  await expectNoSeriousA11yViolations(page, 'api keys at phone width');
});
