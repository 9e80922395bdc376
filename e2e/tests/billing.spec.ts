import { BILLING_MSG } from '@dd/shared';
import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Invoices and billings: an administrator sets a provider cost on a finished request's line,
 * bills the firm, downloads the CSV and the PDF and marks the billing paid; the firm's attorney finds the
 * billing and downloads its PDF; the paralegal cannot see billings.
 */
test('an administrator bills a firm and the firm attorney downloads the invoice', async ({
  page,
  request,
  loginAs,
}) => {
  const order = await orderRequest(request);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const cancelled = await request.post(`/api/home/request/${order.id}/cancel/`, { headers: staff, data: {} });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();

  await loginAs('admin@directdocs.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'invoices');
  await page.getByRole('link', { name: 'Open the invoice of Smith Law Group' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice: Smith Law Group' })).toBeVisible();

  const cost = page.getByRole('textbox', { name: `Provider cost of request ${order.number}` });
  await cost.fill('48.25');
  await page.getByRole('button', { name: `Save the line of request ${order.number}` }).click();
  await expect(page.getByRole('status').filter({ hasText: BILLING_MSG.saved })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'invoice');
  await shot(page, 'invoice-lines');

  const title = `Smith e2e ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Create billing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BILLING_MSG.confirmCreate)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create billing' }).click();
  await expect(dialog.getByText(BILLING_MSG.titleRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Invoice Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create billing' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+\/\d+\/$/);
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: order.number })).toBeVisible();

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('Smith Law Group invoice.csv');
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^Invoice \d+ - Smith e2e \d+\.pdf$/);

  await page.getByRole('button', { name: `Mark paid: ${title}` }).click();
  await expect(page.getByRole('dialog').getByText(BILLING_MSG.confirmPaid)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(/^Paid \d\d\/\d\d\/\d{4}$/).first()).toBeVisible();
  await shot(page, 'billing-paid');

  await loginAs('attorney@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Billings', exact: true }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'billings (firm)');
  const firmPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download the PDF of ${title}` }).click();
  expect((await firmPdf).suggestedFilename()).toContain(title);
  await expect(page.getByRole('button', { name: `Mark paid: ${title}` })).toHaveCount(0);
  await shot(page, 'billings-firm');

  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await expect(page.getByRole('link', { name: 'Billings', exact: true })).toHaveCount(0);
  await page.goto('/billings/');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
