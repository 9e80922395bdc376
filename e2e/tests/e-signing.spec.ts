import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { captureSmtp } from '../../apps/server/test/smtp-capture';
import { apiLogin, orderRequest, signingLinkTo } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Online signing (decision 061): the firm sends its client a signing link from the request; the client
 * opens the e-mailed link on a phone, confirms the date of birth and signs; the firm sees 'Signed' and
 * downloads the PDF, whose certificate page's hash matches the signed pages attached inside it.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

test('a client signs a HIPAA authorization on a phone and the firm gets the signed PDF', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  const smtp = await captureSmtp(SMTP_PORT);
  try {
    const order = await orderRequest(request);
    const firm = await apiLogin(request, 'paralegal@smithlaw.example');
    const client = await (
      await request.get(`/api/home/patient/${order.client.id}/`, { headers: firm })
    ).json();
    expect(client.date_of_birth).toBeTruthy();
    const email = `client.${Date.now()}@example.test`;

    await loginAs('paralegal@smithlaw.example');
    await page.goto(`/request/${order.id}/`);
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Online Authorization' }) });
    await expect(card.getByRole('button', { name: 'Send signing link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'request with the online authorization card');
    await card.getByRole('button', { name: 'Send signing link' }).click();
    const modal = page.getByRole('dialog', { name: 'Send signing link' });
    await modal.getByLabel("Client's e-mail").fill(email);
    await expectNoSeriousA11yViolations(page, 'send signing link');
    await shot(page, 'signing-send');
    await modal.getByRole('button', { name: 'Send link' }).click();
    await expect(modal).toBeHidden();
    const row = card.getByTestId('signing-row').first();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expect(row).toContainText(email);

    const link = await signingLinkTo(smtp, email);

    // The client, on a phone, with no account.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await expect(mobile.getByRole('heading', { name: 'Sign your authorization' })).toBeVisible();
    await expect(mobile.getByText(client.last_name)).toHaveCount(0);
    await expectNoSeriousA11yViolations(mobile, 'signing: identity');
    await shot(mobile, 'signing-phone-identity');
    await mobile.getByLabel('Your date of birth').fill('1901-01-01');
    await mobile.getByRole('button', { name: 'Continue' }).click();
    await expect(mobile.getByText(/does not match our records\. 4 attempts left\./)).toBeVisible();
    await expect(mobile.locator('body')).not.toContainText(client.last_name);
    await mobile.getByLabel('Your date of birth').fill(client.date_of_birth);
    await mobile.getByRole('button', { name: 'Continue' }).click();
    await expect(mobile.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
    await expect(mobile.getByRole('heading', { name: 'My right to revoke' })).toBeVisible();
    await expect(mobile.getByText(client.last_name).first()).toBeVisible();
    await expectNoSeriousA11yViolations(mobile, 'signing: review');
    await shot(mobile, 'signing-phone-review');

    const pad = mobile.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await mobile.mouse.move(box.x + 30, box.y + 100);
    await mobile.mouse.down();
    for (const [x, y] of [
      [80, 40],
      [130, 110],
      [180, 50],
      [240, 100],
    ])
      await mobile.mouse.move(box.x + x, box.y + y, { steps: 5 });
    await mobile.mouse.up();
    await mobile.getByLabel('I have read this authorization and I sign it electronically.').check();
    await shot(mobile, 'signing-phone-signature');
    await mobile.getByRole('button', { name: 'Sign authorization' }).click();
    await expect(mobile.getByText('Thank you, you have signed')).toBeVisible();
    await expectNoSeriousA11yViolations(mobile, 'signing: done');
    await shot(mobile, 'signing-phone-done');
    // The link is used up.
    await mobile.reload();
    await expect(mobile.getByText('This link cannot be used')).toBeVisible();
    await phone.close();

    // The firm sees it signed and downloads the PDF.
    await page.reload();
    await expect(row.getByText('Signed', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'request with a signed authorization');
    await shot(page, 'signing-firm-signed');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Signed PDF' }).click();
    const download = await downloading;
    const dir = mkdtempSync(path.join(tmpdir(), 'signed-'));
    const file = path.join(dir, 'signed.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Signing certificate');
    expect(text).toContain(email);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    const digest = createHash('sha256')
      .update(readFileSync(path.join(dir, 'authorization.pdf')))
      .digest('hex');
    expect(text.replace(/\s+/g, '')).toContain(digest);

    // The client later revokes it in writing: the firm records it, and the request relying on it is cancelled.
    await row.getByRole('button', { name: 'Revoke' }).click();
    const revoke = page.getByRole('dialog', { name: 'Record that the client revoked this authorization?' });
    await revoke.getByLabel('How the client revoked it').fill('Letter from the client dated 11/20/2026');
    await expectNoSeriousA11yViolations(page, 'revoke an authorization');
    await revoke.getByRole('button', { name: 'Revoke Authorization' }).click();
    await expect(
      page.getByText('Authorization revoked. 1 open request that relied on it was cancelled.'),
    ).toBeVisible();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(page.getByText('Closed - Cancelled Request').first()).toBeVisible();
  } finally {
    await smtp.close();
  }
});
