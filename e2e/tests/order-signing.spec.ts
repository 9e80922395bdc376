import { captureSmtp } from '../../apps/server/test/smtp-capture';
import { apiLogin, fillNewClient, signingLinkTo } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * A client with no HIPAA form (decision 067): the order form says the requests cannot be sent without
 * one and sends the client a signing link for the providers chosen; staff cannot make the first send until
 * the client signs on a phone, and then can, the signed form checked by Direct Docs.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

test('a firm orders for a client with no authorization and gets it signed from the order form', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  const smtp = await captureSmtp(SMTP_PORT);
  try {
    const tag = `${Date.now()}`.slice(-6);
    const lastName = `Okafor${tag}`;
    const email = `okafor.${tag}@example.test`;
    await loginAs('paralegal@smithlaw.example');
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: 'Start New Request' }).click();
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const modal = page.getByRole('dialog', { name: 'Add New Client' });
    await fillNewClient(
      modal,
      {
        lastName,
        code: `OK-${tag}`,
        ssn: `6${tag.slice(0, 2)}-${tag.slice(2, 4)}-${tag.slice(2)}`.slice(0, 11),
      },
      false,
    );
    await modal.getByLabel(/I don't have the signed form yet/).check();
    await modal.getByRole('button', { name: 'Save Client' }).click();
    await expect(modal).toBeHidden();

    const offer = page.getByRole('alert').filter({ hasText: 'No HIPAA authorization yet' });
    await expect(offer).toContainText('cannot send these requests to the providers');
    await expect(offer.getByRole('button', { name: 'Send signing link' })).toBeDisabled();
    await page.getByLabel('Search providers').fill('Hospital');
    const first = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox').first();
    await first.check();
    await page.getByRole('checkbox', { name: 'Medical Records', exact: true }).check();
    await page.getByLabel(/^Start Date/).fill('01/01/2022');
    await page.getByLabel(/^End Date/).fill('12/31/2024');
    await shot(page, 'order-no-authorization');
    await expectNoSeriousA11yViolations(page, 'order form without an authorization');

    await offer.getByRole('button', { name: 'Send signing link' }).click();
    const send = page.getByRole('dialog', { name: 'Send signing link' });
    await expect(send.getByText('Medical Records', { exact: true })).toBeVisible();
    await send.getByLabel("Client's e-mail").fill(email);
    await expectNoSeriousA11yViolations(page, 'send signing link from the order form');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(send).toBeHidden();

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText(/You submitted a request to 1 provider/)).toBeVisible();
    const firm = await apiLogin(request, 'paralegal@smithlaw.example');
    const clients = await (
      await request.get(`/api/home/patient/?name=${lastName}`, { headers: firm })
    ).json();
    const requests = await (
      await request.get(`/api/home/request/?patient=${clients[0].id}`, { headers: firm })
    ).json();
    const id: number = requests.results[0].id;
    const staff = await apiLogin(request, 'staff@directdocs.example');
    const refused = await request.post(`/api/home/request/${id}/initial_sent/`, { headers: staff, data: {} });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toContain('this request has no HIPAA authorization');

    // The client signs on a phone, typing the signature.
    const link = await signingLinkTo(smtp, email);
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await mobile.getByLabel('Your date of birth').fill('1981-04-12');
    await mobile.getByRole('button', { name: 'Continue' }).click();
    await expect(mobile.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
    await mobile.getByLabel('Full name').fill(`Dana ${lastName}`);
    await mobile.getByText('Type', { exact: true }).click();
    await mobile.getByLabel('I have read this authorization and I sign it electronically.').check();
    await mobile.getByRole('button', { name: 'Sign authorization' }).click();
    await expect(mobile.getByText('Thank you, you have signed')).toBeVisible();
    await phone.close();

    const check = await (
      await request.get(`/api/home/request/${id}/authorization_check/`, { headers: staff })
    ).json();
    expect(check).toMatchObject({ checked_by: 'Direct Docs', result: { valid: true } });
    const sent = await request.post(`/api/home/request/${id}/initial_sent/`, { headers: staff, data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
  } finally {
    await smtp.close();
  }
});
