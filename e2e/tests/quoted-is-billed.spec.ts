import { execFileSync } from 'node:child_process';
import { CERTIFICATION_REQUEST_TYPE } from '@dd/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * What a firm is quoted at order is what its invoice bills: Jones Injury Attorneys (its own price, 38)
 * sees the price on the order screen, orders a records request and a certification, staff complete both
 * with their documents, an administrator bills the firm, and the invoice PDF shows the quoted amounts.
 */

const orderAsJones = (request: APIRequestContext, types: string[], rush: boolean) =>
  orderRequest(request, types, rush, 'paralegal@jonesinjury.example');

test('a firm is billed in its invoice PDF what it was quoted at order', async ({
  page,
  request,
  loginAs,
}) => {
  await loginAs('paralegal@jonesinjury.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Start New Request' }).click();
  const quote = page.getByRole('alert').filter({ hasText: 'What this order is billed' });
  await expect(quote.getByText('$38.00 per provider')).toBeVisible();
  await expect(quote.getByText('Closed - Cancelled Request: $10.00')).toBeVisible();
  await page.getByRole('checkbox', { name: CERTIFICATION_REQUEST_TYPE, exact: true }).check();
  await expect(quote.getByText('$9.95 per provider')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'order quote');
  await shot(page, 'order-quote');

  const custom = await orderAsJones(request, ['Medical Records'], false);
  const certification = await orderAsJones(request, [CERTIFICATION_REQUEST_TYPE], true);
  expect([custom.price, certification.price]).toEqual(['38.00', '9.95']);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  for (const order of [custom, certification]) {
    const note = await request.post('/api/home/notes/', {
      headers: staff,
      data: { text: 'Records sent.', request: order.id, update_status: 'Completed - Documents Arrived' },
    });
    expect(note.ok(), await note.text()).toBeTruthy();
  }

  await loginAs('admin@directdocs.example');
  await page.goto('/invoices/');
  await page.getByRole('link', { name: 'Open the invoice of Jones Injury Attorneys' }).click();
  // The firm's whole history is on its invoice: it can take a while to load on a busy machine.
  await expect(page.getByRole('heading', { name: 'Invoice: Jones Injury Attorneys' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'invoice-quoted');
  const title = `Jones quoted ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Create billing' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Invoice Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create billing' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+\/\d+\/$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfPath = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const rowOf = (number: string) => text.split('\n').find((line) => line.includes(number)) ?? '';
  expect(rowOf(custom.number)).toMatch(/\$38\.00\s+\$0\.00\s+\$0\.00\s+\$0\.00\s+\$38\.00\s*$/);
  expect(rowOf(certification.number)).toMatch(/\$9\.95\s+\$0\.00\s+\$0\.00\s+\$0\.00\s+\$9\.95\s*$/);
});
