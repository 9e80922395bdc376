import { addBusinessDays, DEFAULT_FOLLOW_UP_BUSINESS_DAYS, formatDate, todayIn } from '@dd/shared';
import type { Page } from '@playwright/test';
import { apiLogin, confirmAuthorization, onePagePdf, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Staff work a new request from arrival to delivery: claim it, send the first e-mail, add a note with a
 * reminder, upload and verify the records, send them to the firm; the paralegal then downloads them.
 * A firm's question before the first send leaves the first send to staff; another journey splits a
 * request into three.
 */
async function openAllRequests(page: Page, number: string) {
  await page.goto(`/requestlist/?internal_number__contains=${number}`);
  await page.getByRole('button', { name: 'Show All Requests' }).click();
}

test('staff work a request from arrival to delivery, then the firm downloads it', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request, 'Medical Records', true);
  await confirmAuthorization(request, order.id);

  await loginAs('staff@directdocs.example');
  // A new rush order is on the To Do list at once, at the top (rush first, newest first).
  await page.goto('/requestlist/');
  await expect(page.getByRole('heading', { name: 'To Do List' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Claim request ${order.number}` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Due for you' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff to-do list');
  await openAllRequests(page, order.number);
  await expect(page.getByRole('heading', { name: 'All Requests' })).toBeVisible();
  await page.getByRole('button', { name: `Claim request ${order.number}` }).click();
  await expect(page.getByRole('button', { name: `Release request ${order.number}` })).toBeVisible();
  await shot(page, 'staff-request-list');
  await expectNoSeriousA11yViolations(page, 'staff request list');

  await page.goto(`/request/${order.id}/`);
  await expect(page.getByRole('button', { name: "I've sent the email" })).toBeVisible();
  await shot(page, 'staff-first-send');
  await expectNoSeriousA11yViolations(page, 'staff request, first send');
  await page.getByRole('button', { name: "I've sent the email" }).click();
  // The follow-up is scheduled some business days ahead, in the staff member's time zone (stored at login
  // from the browser, or the demo's Denver).
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const followUps = [browserZone, 'America/Denver'].map((zone) =>
    formatDate(addBusinessDays(todayIn(zone), DEFAULT_FOLLOW_UP_BUSINESS_DAYS)),
  );
  await expect(page.getByText(new RegExp(followUps.join('|'))).first()).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Called the records department; they will fax the records this week.');
  await page.getByRole('textbox', { name: 'Reminder Date', exact: true }).fill('12/31/2030');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('cell', { name: /fax the records this week/ })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Upload Medical Documents/ }).click();
  // A real one-page PDF: sending numbers and stamps each page (decision 056), so an empty one is refused.
  await (await chooser).setFiles({
    name: 'provider-records.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf('Provider records'),
  });
  await expect(
    page.getByRole('button', { name: 'Verify All Files Before Sending Out Request' }),
  ).toBeDisabled();
  await page.getByRole('button', { name: 'Verify provider-records.pdf' }).click();
  const send = page.getByRole('button', { name: 'Send Request To Lawyer' });
  await expect(send).toBeEnabled();
  await shot(page, 'staff-details-center');
  await expectNoSeriousA11yViolations(page, 'staff request, details center');
  // The verification's toast closes by itself; under the dialog's overlay a fading toast fails the contrast rule.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await send.click();
  const confirm = page.getByRole('dialog', { name: 'Send the records to the law firm?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'send to lawyer confirmation');
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible();

  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  const fileRow = page
    .getByRole('row')
    .filter({ hasText: 'provider-records.pdf' })
    .filter({ hasText: `#${order.number}` });
  const download = page.waitForEvent('download');
  await fileRow.getByRole('button', { name: /^Download/ }).click();
  await download;
  await expect(fileRow.getByRole('button', { name: /^Downloaded/ })).toBeEnabled();
});

test('a question from the firm before the first send leaves the first send to staff', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request);
  await confirmAuthorization(request, order.id);
  const question = `Did the signed HIPAA form come through? (${order.number})`;

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill(question);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText(question)).toBeVisible();

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  // Nothing went to the provider yet: the question does not count as the first send.
  await expect(page.getByRole('heading', { name: 'Send The Request' })).toBeVisible();
  await expect(page.getByText('Waiting for Direct Docs Response').first()).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel The Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog.getByRole('button', { name: 'Cancel the request' })).toBeVisible();
  await shot(page, 'staff-first-send-cancel-dialog');
  await expectNoSeriousA11yViolations(page, 'first send, cancel dialog');
  await dialog.getByRole('button', { name: 'Keep the request' }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'staff-first-send-after-firm-question');
  await page.getByRole('button', { name: "I've sent the email" }).click();
  await expect(page.getByRole('heading', { name: 'Request Details Center' })).toBeVisible();
  await expect(page.getByText('Sent the Initial Medical Records Request').first()).toBeVisible();
  await expect(page.getByText(question).first()).toBeVisible();
});

test('staff split a request into three providers', async ({ page, loginAs, request }) => {
  const order = await orderRequest(request, 'Medical Records, Billing Records, Radiology Images');
  await loginAs('staff@directdocs.example');
  await page.goto(`/split_request/${order.id}/`);
  await expect(page.getByRole('heading', { name: 'Split Request' })).toBeVisible();
  const splits = page.getByRole('group', { name: /^Split \d+$/ });
  await expect(splits.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'split request');
  while ((await splits.count()) < 3) await page.getByRole('button', { name: 'Add Split' }).click();
  await expect(splits).toHaveCount(3);
  await page.getByRole('button', { name: 'Split Request' }).click();
  await expect(page.getByText(/Your Split in Position \d is missing a provider\./).first()).toBeVisible();
  await shot(page, 'split-errors');
  await expectNoSeriousA11yViolations(page, 'split request, errors');

  const types = ['Medical Records', 'Billing Records', 'Radiology Images'];
  const providers = ['Arizona Behavioral Health', 'Colorado Behavioral Health', 'Aurora Valley Hospital'];
  for (const [i, type] of types.entries()) {
    const split = page.getByRole('group', { name: `Split ${i + 1}` });
    const provider = split.getByRole('combobox').first();
    await provider.click();
    await provider.fill(providers[i]);
    // The search answers after a debounce: pick from its results, not the list shown before it.
    await page.getByRole('option', { name: new RegExp(`^${providers[i]}`) }).click();
    await expect(provider).toHaveValue(new RegExp(`^${providers[i]}`));
    for (const other of types) {
      const box = split.getByRole('checkbox', { name: other, exact: true });
      if ((other === type) !== (await box.isChecked())) await box.click();
    }
  }
  await page.getByRole('button', { name: 'Split Request' }).click();
  await expect(page.getByText('You just split a request into 3 providers.')).toBeVisible();
  await shot(page, 'split-done');
  await expectNoSeriousA11yViolations(page, 'split request, done');
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const list = await (
    await request.get(`/api/home/request/?internal_number__contains=${order.number}`, { headers: staff })
  ).json();
  expect(list.results.map((r: { internal_number: string }) => r.internal_number).sort()).toEqual([
    order.number,
    `${order.number}-1`,
    `${order.number}-2`,
  ]);
});
