import { WEBHOOK_EVENTS, WEBHOOK_MSG } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authOf } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { emailOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';
import { isPrivateAddress, type Resolve } from './webhooks.address';
import { RETRY_WINDOW_MS, retryDelaySeconds } from './webhooks.deliver';
import { createWebhook } from './webhooks.service';
import { deliverAt, receiver } from './webhooks.test-utils';

/** Retries with backoff on a fake clock, disabling a failing endpoint, 'Send again', and SSRF refusals. */
const partner = await receiver();
afterAll(() => partner.close());

async function firmWithEndpoint(url = partner.url) {
  const { app } = await getContext();
  const firm = await firmForRequests();
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks/',
    headers: firm.staff.headers,
    payload: { url, events: WEBHOOK_EVENTS },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = await submit(firm.paralegal.headers, requestBody(firm));
  expect(created.statusCode).toBe(201);
  return { firm, endpointId: res.json().id as number };
}

async function deliveryOf(endpointId: number) {
  const { deps } = await getContext();
  const [row] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return row;
}

async function endpointRow(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('retries', () => {
  it('waits 30 s, 1 min, 2 min … between attempts, up to six hours, and gives up after three days', async () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30)).toBe(6 * 3600);

    partner.answerWith(500);
    const { endpointId } = await firmWithEndpoint();
    const { createdAt } = await deliveryOf(endpointId);
    // PostgreSQL keeps microseconds and a Date milliseconds: the fake clock starts just after the event.
    const start = later(new Date(createdAt), 1);
    await deliverAt(start, [endpointId]);
    let row = await deliveryOf(endpointId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(row.lastError).toBe('HTTP 500: down for maintenance');
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + 30_000);

    await deliverAt(later(start, 29_000), [endpointId]);
    expect((await deliveryOf(endpointId)).attempts).toBe(1);
    await deliverAt(later(start, 30_000), [endpointId]);
    row = await deliveryOf(endpointId);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + 30_000 + 60_000);

    // The endpoint answers again: the next attempt delivers, and the run of failures ends.
    partner.answerWith(200);
    await deliverAt(later(start, 90_000), [endpointId]);
    row = await deliveryOf(endpointId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(await endpointRow(endpointId)).toMatchObject({ failureCount: 0, failingSince: null });

    // Past three days from its event, a failing delivery stops being retried.
    partner.answerWith(503);
    const second = await firmWithEndpoint();
    const first = await deliveryOf(second.endpointId);
    const t0 = later(new Date(first.createdAt), 1);
    await deliverAt(t0, [second.endpointId]);
    const { deps } = await getContext();
    await deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: later(t0, RETRY_WINDOW_MS) })
      .where(eq(webhookDeliveries.id, first.id));
    // Keep the endpoint from being disabled first: this is about the delivery's own window.
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: later(t0, RETRY_WINDOW_MS) })
      .where(eq(webhookEndpoints.id, second.endpointId));
    await deliverAt(later(t0, RETRY_WINDOW_MS), [second.endpointId]);
    row = await deliveryOf(second.endpointId);
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain(WEBHOOK_MSG.gaveUp);
    partner.answerWith(204);
  });

  it('disables an endpoint after a day of failures, e-mails the firm’s administrators, and Send again works once enabled', async () => {
    const { app, deps } = await getContext();
    partner.answerWith(500);
    const { firm, endpointId } = await firmWithEndpoint();
    const start = later(new Date((await deliveryOf(endpointId)).createdAt), 1);
    // A day of attempts on the backoff schedule.
    let at = start;
    for (let attempt = 1; at.getTime() - start.getTime() < 24 * 3600_000; attempt++) {
      await deliverAt(at, [endpointId]);
      expect((await endpointRow(endpointId)).disabledAt, `attempt ${attempt}`).toBeNull();
      at = later(at, retryDelaySeconds(attempt) * 1000);
    }
    await deliverAt(at, [endpointId]);
    const endpoint = await endpointRow(endpointId);
    expect(endpoint).toMatchObject({ disabledReason: 'failures' });
    expect(endpoint.failureCount).toBeGreaterThanOrEqual(5);
    const delivery = await deliveryOf(endpointId);
    expect(delivery).toMatchObject({ status: 'failed', lastError: WEBHOOK_MSG.deliveryCancelled });
    const mails = await deps.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toEmail, firm.staff.user.email), eq(emailOutbox.template, 'webhook-disabled')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(partner.url);
    const toParalegal = await deps.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toEmail, firm.paralegal.user.email), eq(emailOutbox.template, 'webhook-disabled')),
      );
    expect(toParalegal).toEqual([]);

    const resend = () =>
      app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${delivery.id}/resend/`,
        headers: firm.staff.headers,
      });
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WEBHOOK_MSG.endpointDisabled);
    await app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpointId}/enable/`,
      headers: firm.staff.headers,
    });
    partner.answerWith(204);
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending' });
    expect((await resend()).json().error).toBe(WEBHOOK_MSG.resendPending);
    await deliverAt(new Date(Date.now() + 1000), [endpointId]);
    expect(await deliveryOf(endpointId)).toMatchObject({ status: 'delivered', lastStatusCode: 204 });
  });
});

describe('no requests into private networks (SSRF)', () => {
  it('knows loopback, link-local, private and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('in production refuses http://, private hosts and literal private addresses at registration', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const auth = authOf(firm.staff.user);
    const resolveTo =
      (address: string): Resolve =>
      async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    const register = (url: string, resolve: Resolve = resolveTo('93.184.216.34')) =>
      createWebhook(
        { db: deps.db, cipher: deps.cipher, network: { production: true, resolve } },
        auth,
        { url, events: ['request.created'] },
        null,
      );
    const refusal = (url: string, resolve?: Resolve) =>
      register(url, resolve).then(
        () => 'accepted',
        (e) => e.fields?.url,
      );
    expect(await refusal('http://hooks.example/in')).toBe(WEBHOOK_MSG.httpsOnly);
    expect(await refusal('https://user:pw@hooks.example/in')).toBe(WEBHOOK_MSG.credentialsInUrl);
    expect(await refusal('https://127.0.0.1/in')).toBe(WEBHOOK_MSG.privateAddress);
    expect(await refusal('https://[::1]/in')).toBe(WEBHOOK_MSG.privateAddress);
    expect(await refusal('https://169.254.169.254/latest/meta-data/')).toBe(WEBHOOK_MSG.privateAddress);
    expect(await refusal('https://internal.example/in', resolveTo('10.0.0.5'))).toBe(
      WEBHOOK_MSG.privateAddress,
    );
    expect(await refusal('https://v6.example/in', resolveTo('fd00::5'))).toBe(WEBHOOK_MSG.privateAddress);
    expect(await refusal('https://nowhere.example/in', async () => [])).toBe(WEBHOOK_MSG.unresolvable);
    expect(await refusal('https://hooks.example/in')).toBe('accepted');
  });

  it('checks again at delivery and connects to the address it checked (DNS rebinding)', async () => {
    // Registered while the name pointed at a public address; at delivery it points at loopback.
    const { endpointId } = await firmWithEndpoint(`http://partner.invalid:${partner.port}/hooks`);
    const before = partner.received.length;
    const loopback: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await deliverAt(new Date(Date.now() + 1000), [endpointId], { production: true, resolve: loopback });
    const refused = await deliveryOf(endpointId);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(refused.lastError).toBe(WEBHOOK_MSG.privateAddress);
    expect(partner.received.length).toBe(before);

    // In development the same name is sent to the address the resolver answered, never looked up again
    // (partner.invalid does not exist in DNS).
    await deliverAt(new Date(Date.now() + 120_000), [endpointId], { production: false, resolve: loopback });
    expect(await deliveryOf(endpointId)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(partner.received.at(-1)?.headers.host).toBe(`partner.invalid:${partner.port}`);
  });
});
