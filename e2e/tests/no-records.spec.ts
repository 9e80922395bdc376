import { readFileSync } from 'node:fs';
import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * When a provider has nothing to send (decision 058). Staff mark a request 'No Records Found', download
 * the certification for the provider's custodian to sign and upload the signed copy; the firm sees the
 * status and downloads the certification like records. Then a rejected request: the firm reads why, and
 * staff resend it in one click once it is fixed.
 */
test('staff certify no records and the firm downloads the certification; a rejected request is resent', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request);

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  const outcome = page.locator('section', { has: page.getByRole('heading', { name: 'Provider Outcome' }) });
  await outcome.getByRole('button', { name: 'No Records Found' }).click();
  const confirm = page.getByRole('dialog', { name: 'No records found?' });
  await confirm.getByLabel('Note (optional)').fill('Searched 2019 to 2025 under both names.');
  await expectNoSeriousA11yViolations(page, 'no records dialog');
  await confirm.getByRole('button', { name: 'Mark No Records Found' }).click();
  await expect(page.getByText('Marked No Records Found. The law firm has been told.')).toBeVisible();

  const [form] = await Promise.all([
    page.waitForEvent('download'),
    outcome.getByRole('button', { name: 'Download Certification to Sign' }).click(),
  ]);
  expect(form.suggestedFilename()).toBe(`Certification of No Records - request ${order.number}.pdf`);
  const signed = readFileSync((await form.path())!);
  expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
  await outcome.locator('input[type="file"]').setInputFiles({
    name: 'signed-certification.pdf',
    mimeType: 'application/pdf',
    buffer: signed,
  });
  await outcome.getByRole('button', { name: 'Deliver to Law Firm' }).click();
  await expect(page.getByText('The signed certification was delivered to the law firm.')).toBeVisible();
  await expect(outcome).toContainText('Signed certification delivered to the law firm on');
  await outcome.scrollIntoViewIfNeeded();
  await shot(page, 'staff-no-records-certification');
  await expectNoSeriousA11yViolations(page, 'staff request, no records certified');

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  await expect(page.getByText('No Records Found').first()).toBeVisible();
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'No Records Found' }) });
  await expect(card).toContainText('Certification of No Records.pdf');
  await shot(page, 'firm-no-records-certification');
  await expectNoSeriousA11yViolations(page, 'firm request, certification of no records');
  const [certificate] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download Certification' }).click(),
  ]);
  expect(certificate.suggestedFilename()).toBe('Certification of No Records.pdf');
  expect(readFileSync((await certificate.path())!).equals(signed)).toBe(true);

  // A rejection: the reason reaches the firm, and staff resend once the authorization is fixed.
  const rejected = await orderRequest(request);
  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${rejected.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  await outcome.getByRole('button', { name: 'Request Rejected' }).click();
  const reject = page.getByRole('dialog', { name: 'Request rejected' });
  await reject.getByRole('combobox', { name: 'Why did the provider reject it?' }).click();
  await reject.getByRole('option', { name: 'The authorization is defective' }).click();
  await reject.getByLabel('Note (optional)').fill('The signature date is missing.');
  await expectNoSeriousA11yViolations(page, 'reject dialog');
  await reject.getByRole('button', { name: 'Mark Request Rejected' }).click();
  await expect(outcome).toContainText('Rejected: The authorization is defective');

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${rejected.id}/`);
  const why = page.getByRole('alert').filter({ hasText: 'The provider rejected this request' });
  await expect(why).toContainText('The authorization is defective');
  await expect(why).toContainText('The signature date is missing.');
  await shot(page, 'firm-request-rejected');
  await expectNoSeriousA11yViolations(page, 'firm request, rejected by the provider');

  await loginAs('staff@directdocs.example');
  // A rejected request is not waiting for a first send: it opens on its Request Details Center.
  await page.goto(`/request/${rejected.id}/`);
  await outcome.getByRole('button', { name: 'Resend' }).click();
  const resend = page.getByRole('dialog', { name: 'Send the request again?' });
  await resend.getByLabel('What was corrected (optional)').fill('New authorization from the firm.');
  await resend.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('The request is back to be sent to the provider.')).toBeVisible();
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const after = await (await request.get(`/api/home/request/${rejected.id}/`, { headers: staff })).json();
  expect(after.status).toBe('Requested By Lawyer');
});
