import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Live updates: the paralegal keeps the request open while, elsewhere, staff write on it and the firm's
 * attorney orders a new request. The open screens show both within two seconds, without a reload; the
 * paralegal's dashboard lists the new order; the bell counts the note and lists it.
 */
test('open screens show what others just did, within two seconds and without a reload', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request);
  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const notes = page.locator('section', { has: page.getByRole('heading', { name: 'Notes' }) });
  await expect(notes).toBeVisible();
  // The screen is open (and its stream with it) before the change is made.
  await page.waitForTimeout(500);

  const text = `Provider called back at ${Date.now()}: records are on their way.`;
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const added = await request.post('/api/home/notes/', { headers: staff, data: { request: order.id, text } });
  expect(added.status(), await added.text()).toBe(201);
  await expect(notes.getByText(text)).toBeVisible({ timeout: 2000 });

  // The bell counts it, lists it newest first, and opening it reads it.
  const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByRole('listitem').first()).toContainText(text);
  await expectNoSeriousA11yViolations(page, 'notification bell open');
  await shot(page, 'notification-bell');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/');
  await expect(page.getByRole('row', { name: new RegExp(order.number) })).toBeVisible();
  await page.waitForTimeout(500);
  const next = await orderRequest(request);
  await expect(page.getByRole('row', { name: new RegExp(next.number) })).toBeVisible({ timeout: 2000 });
});
