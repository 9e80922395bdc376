import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD, WEBHOOK_MSG } from '@dd/shared';
import type { APIRequestContext } from '@playwright/test';
import { runTestPartner, verifyWebhook } from '../../scripts/test-partner.mjs';
import { apiLogin, confirmAuthorization, onePagePdf, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Signed webhooks (decision 059): a firm administrator registers an endpoint on the Webhooks screen, sees the
 * secret once, a new order reaches the endpoint signed, the delivery log shows it; disabling cancels what
 * waits, 'Send again' delivers it once enabled, and the endpoint is deleted after a confirmation. Then the
 * test partner script (scripts/test-partner.mjs) runs its whole journey while staff work the request.
 */
async function receiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 204;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/in`,
    received,
    answer: (code: number) => {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const typeOf = (w: { body: string }) =>
  JSON.parse(w.body) as { type: string; data: { request: { id: number } } };

test('a firm administrator registers a webhook, sees its signed deliveries, sends one again and deletes it', async ({
  page,
  loginAs,
  request,
}) => {
  test.setTimeout(90_000);
  const partner = await receiver();
  await loginAs('attorney@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webhooks');

  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await form.getByRole('textbox', { name: /Endpoint URL/ }).fill(partner.url);
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(form.getByText(WEBHOOK_MSG.eventsRequired)).toBeVisible();
  await form.getByRole('checkbox', { name: /Request created/ }).check();
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  const shown = page.getByTestId('new-webhook-secret');
  await expect(shown).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Secret' })).toBeVisible();
  const secret = (await shown.textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await shot(page, 'webhook-created');
  await expectNoSeriousA11yViolations(page, 'webhook secret shown');
  await page.getByRole('button', { name: 'I Have Saved It' }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: partner.url });
  await expect(row).toContainText('Request created');
  await expect(row).toContainText('Enabled');

  // A new order reaches the endpoint from the job queue, signed with the secret shown once.
  const order = await orderRequest(request, 'Medical Records', false, 'paralegal@smithlaw.example');
  await expect.poll(() => partner.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [first] = partner.received;
  expect(typeOf(first)).toMatchObject({ type: 'request.created', data: { request: { id: order.id } } });
  expect(verifyWebhook(secret, first.headers, first.body)).toBe(true);
  expect(first.body).not.toContain(String(order.client.last_name));

  await row.getByRole('button', { name: `Deliveries to ${partner.url}` }).click();
  const log = page.getByRole('region', { name: 'Deliveries' });
  await expect(log.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(1);
  await expect(log).toContainText('204 in');
  await shot(page, 'webhook-deliveries');
  await expectNoSeriousA11yViolations(page, 'webhook deliveries');

  // The endpoint fails: the delivery waits for its retry; disabling the endpoint cancels it.
  partner.answer(500);
  await orderRequest(request, 'Medical Records', false, 'paralegal@smithlaw.example');
  await expect.poll(() => partner.received.length, { timeout: 15_000 }).toBe(2);
  await page.reload();
  await row.getByRole('button', { name: `Deliveries to ${partner.url}` }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Waiting to send' })).toContainText('HTTP 500');
  await row.getByRole('button', { name: `Disable ${partner.url}` }).click();
  await expect(row).toContainText(WEBHOOK_MSG.disabledByPerson);
  const cancelled = log.getByRole('row').filter({ hasText: WEBHOOK_MSG.deliveryCancelled });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByRole('button', { name: /^Send again/ })).toBeDisabled();

  // Enabled again, 'Send again' delivers it.
  partner.answer(204);
  await row.getByRole('button', { name: `Enable ${partner.url}` }).click();
  await expect(row).toContainText('Enabled');
  await cancelled.getByRole('button', { name: /^Send again/ }).click();
  await expect(page.getByText(WEBHOOK_MSG.resent)).toBeVisible();
  await expect.poll(() => partner.received.length, { timeout: 15_000 }).toBe(3);
  await page.reload();
  await row.getByRole('button', { name: `Deliveries to ${partner.url}` }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(2);

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(WEBHOOK_MSG.deleteConfirm(partner.url))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webhook delete confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: partner.url })).toHaveCount(0);
  await partner.close();
});

/** Staff work the request through the API: first send, a verified record, and sending it to the firm. */
async function staffWork(request: APIRequestContext, id: number) {
  await confirmAuthorization(request, id);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  expect(
    (await request.post(`/api/home/request/${id}/initial_sent/`, { headers: staff, data: {} })).ok(),
  ).toBe(true);
  const upload = await request.post('/api/photoUpload/', {
    headers: staff,
    multipart: {
      'files[]': { name: 'chart.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Partner chart') },
      name: 'chart.pdf',
      bucket_name: 'provider-records',
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [stored] = (await upload.json()).uploaded_files;
  const me = await (await request.get('/users/user/', { headers: staff })).json();
  const file = await (
    await request.post('/api/home/file/', {
      headers: staff,
      data: { name: 'chart.pdf', url: stored.url, request: id, supporting_file: false },
    })
  ).json();
  expect(
    (await request.post(`/api/home/file/${file.id}/`, { headers: staff, data: { verified_by: me.id } })).ok(),
  ).toBe(true);
  const sent = await request.post(`/api/home/request/${id}/send_to_lawyer/`, { headers: staff, data: {} });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test('the test partner orders with an API key, verifies every signed webhook and downloads the package', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lines: string[] = [];
  const result = await runTestPartner({
    baseUrl: baseURL!,
    email: 'attorney@smithlaw.example',
    password: DEMO_PASSWORD,
    timeoutMs: 60_000,
    onOrdered: (id) => staffWork(request, id),
    log: (line) => lines.push(line),
  });
  expect(result.events).toEqual(
    expect.arrayContaining(['request.created', 'request.status_changed', 'request.records_ready']),
  );
  expect(result.verified).toBe(result.events.length);
  expect(result.packageBytes).toBeGreaterThan(100);
  expect(lines.join('\n')).toContain('package downloaded');
});
