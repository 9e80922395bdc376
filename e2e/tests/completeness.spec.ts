import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Completeness: the firm orders medical and billing records. Staff mark the medical records received and
 * the billing records only partly, then re-request what is missing from the provider in one click; the
 * firm sees on the request what arrived of each category, and on its dashboard how many are accounted for.
 */
test('staff mark what arrived of each category, re-request the rest, and the firm sees how complete it is', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request, ['Medical Records', 'Billing Records']);
  // A provider with a records address, so the re-request goes by e-mail.
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const created = await request.post('/api/home/provider/', {
    headers: staff,
    data: {
      name: `Lakeside Clinic ${Date.now()}`,
      state: 'CO',
      city: 'Denver',
      email: 'records@lakeside.example',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const moved = await request.post(`/api/home/request/${order.id}/`, {
    headers: staff,
    data: { provider: (await created.json()).id },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Records Received' }) });
  await expect(card).toContainText('0 of 2 accounted for');
  await card.getByRole('combobox', { name: 'What arrived of Medical Records' }).selectOption('received');
  await card.getByRole('combobox', { name: 'What arrived of Billing Records' }).selectOption('partial');
  await card.getByRole('button', { name: 'Save Records Received' }).click();
  await expect(page.getByText('Records received saved.').first()).toBeVisible();
  await expect(card).toContainText('1 of 2 accounted for');
  await expectNoSeriousA11yViolations(page, 'staff request, records received');

  await card.getByRole('button', { name: 'Re-request Missing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The provider will be asked again for: Billing Records.');
  await dialog.getByRole('button', { name: 'Re-request Missing' }).click();
  await expect(
    page
      .getByText('Re-request for the missing records e-mailed to the provider at records@lakeside.example.')
      .first(),
  ).toBeVisible();
  await shot(page, 'staff-records-received');

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const firmCard = page.locator('section', { has: page.getByRole('heading', { name: 'Records Received' }) });
  await expect(firmCard.getByRole('row', { name: /Medical Records Received/ })).toBeVisible();
  await expect(firmCard.getByRole('row', { name: /Billing Records Partly received/ })).toBeVisible();
  await expect(firmCard.getByRole('combobox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'firm request, records received');

  await page.goto('/dashboard/');
  const row = page.getByRole('row', { name: new RegExp(order.number) });
  await expect(row).toContainText('1 of 2');
});
