import { API_KEY_MSG, WEBHOOK_EVENTS, WEBHOOK_MSG, WEBHOOK_SECRET_PREFIX } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { auditEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';
import { webhookSignature } from './webhooks.sign';
import { deliverAt, receiver, verifiedByPartner } from './webhooks.test-utils';

/** A firm's webhook endpoints: register (secret once), list, disable/enable/delete, the signed deliveries. */
type Headers = Record<string, string>;
const partner = await receiver();
afterAll(() => partner.close());

async function register(headers: Headers, events: readonly string[] = WEBHOOK_EVENTS, url = partner.url) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/api/webhooks/', headers, payload: { url, events } });
}

async function deliveriesOf(endpointId: number) {
  const { deps } = await getContext();
  return deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe('webhook endpoints of a firm', () => {
  it('answers the signing secret once, keeps it encrypted and lists the endpoint without it', async () => {
    const { app, deps } = await getContext();
    const firm = await firmForRequests();
    const res = await register(firm.staff.headers, ['request.created', 'request.created']);
    expect(res.statusCode, res.body).toBe(201);
    const { id, secret } = res.json();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64').length).toBeGreaterThanOrEqual(
      24,
    );

    const [stored] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(stored.secret).not.toContain(secret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(deps.cipher.decrypt(stored.secret)).toBe(secret);

    const list = await app.inject({ url: '/api/webhooks/', headers: firm.staff.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(list.json()).toEqual([
      {
        id,
        url: partner.url,
        events: ['request.created'],
        created: expect.any(String),
        created_by: { id: firm.staff.user.id, full_name: expect.any(String) },
        disabled_at: null,
        disabled_reason: null,
        failure_count: 0,
      },
    ]);
    const audit = await deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, firm.staff.user.id));
    expect(audit.map((a) => a.action)).toContain('webhook.created');
  });

  it('refuses an address that is not http(s) and an empty event list, with the form’s messages', async () => {
    const firm = await firmForRequests();
    const res = await register(firm.staff.headers, [], 'ftp://example.com/in');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ url: WEBHOOK_MSG.urlInvalid, events: WEBHOOK_MSG.eventsRequired });
    const unknown = await register(firm.staff.headers, ['request.deleted']);
    expect(unknown.statusCode).toBe(400);
  });

  it('is for firm administrators: members, internal staff and API keys get 403, another firm 404', async () => {
    const { app, deps } = await getContext();
    const firm = await firmForRequests();
    expect((await register(firm.paralegal.headers)).statusCode).toBe(403);
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await register(internal.headers)).statusCode).toBe(403);
    const keyRes = await app.inject({
      method: 'POST',
      url: '/api/keys/',
      headers: firm.staff.headers,
      payload: { name: 'All', scopes: ['read_requests', 'create_requests', 'read_files', 'manage_clients'] },
    });
    const key = { 'x-api-key': keyRes.json().key };
    const byKey = await register(key);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error).toBe(API_KEY_MSG.routeClosed);
    expect((await app.inject({ url: '/api/webhooks/', headers: key })).statusCode).toBe(403);

    const { id } = (await register(firm.staff.headers)).json();
    const other = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    for (const url of [`/api/webhooks/${id}/disable/`, `/api/webhooks/${id}/delete/`]) {
      expect((await app.inject({ method: 'POST', url, headers: other.headers })).statusCode).toBe(404);
    }
    expect(
      (await app.inject({ url: `/api/webhooks/${id}/deliveries/`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/webhooks/', headers: other.headers })).json()).toEqual([]);
  });
});

describe('signed deliveries', () => {
  it('sends request.created, signed as the Standard Webhooks scheme, with ids and links only', async () => {
    const { app } = await getContext();
    const firm = await firmForRequests();
    const { id, secret } = (await register(firm.staff.headers)).json();
    const before = partner.received.length;
    const created = await submit(firm.paralegal.headers, requestBody(firm));
    expect(created.statusCode, created.body).toBe(201);
    const requestId = created.json().results[0].id;
    const [queued] = await deliveriesOf(id);
    expect(queued).toMatchObject({ event: 'request.created', status: 'pending', attempts: 0 });

    expect(await deliverAt(new Date(), [id])).toBe(1);
    const got = partner.received.slice(before).filter((r) => r.headers['webhook-id'] === queued.messageId);
    expect(got).toHaveLength(1);
    const [delivery] = got;
    expect(verifiedByPartner(secret, delivery)).toBe(true);
    // One changed byte in the body, or another secret, and the partner's check fails.
    expect(
      verifiedByPartner(secret, { ...delivery, body: delivery.body.replace('created', 'createe') }),
    ).toBe(false);
    expect(
      verifiedByPartner(`${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(32).toString('base64')}`, delivery),
    ).toBe(false);
    const timestamp = Number(delivery.headers['webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery.headers['content-type']).toBe('application/json');

    const payload = JSON.parse(delivery.body);
    expect(payload).toEqual({
      type: 'request.created',
      timestamp: expect.any(String),
      data: {
        request: {
          id: requestId,
          status: 'Requested By Lawyer',
          url: `http://app.test/api/home/request/${requestId}/`,
        },
      },
    });
    // Never the client's name, date of birth, SSN or anything of a file.
    for (const secretFact of [firm.patient.firstName, firm.patient.lastName, firm.patient.fullName]) {
      expect(delivery.body).not.toContain(secretFact);
    }
    expect(delivery.body).not.toMatch(/ssn|birth|\d{3}-\d{2}-\d{4}/i);

    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null });
    expect(logged.responseMs).toEqual(expect.any(Number));
    const page = await app.inject({ url: `/api/webhooks/${id}/deliveries/`, headers: firm.staff.headers });
    expect(page.json()).toMatchObject({
      count: 1,
      results: [
        {
          message_id: queued.messageId,
          event: 'request.created',
          status: 'delivered',
          attempts: 1,
          response_status: 204,
          next_attempt_at: null,
        },
      ],
    });
  });

  it('sends status changes (and needs_attention for Need Assistance) only to endpoints that chose them', async () => {
    const { app, deps } = await getContext();
    const firm = await firmForRequests();
    const all = (await register(firm.staff.headers)).json();
    const createdOnly = (await register(firm.staff.headers, ['request.created'])).json();
    const requestId = (await submit(firm.paralegal.headers, requestBody(firm))).json().results[0].id;
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/request/${requestId}/`,
      headers: staff.headers,
      payload: { status: 'Need Assistance' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = (await deliveriesOf(all.id)).map((d) => d.event).sort();
    expect(events).toEqual(['request.created', 'request.needs_attention', 'request.status_changed']);
    expect((await deliveriesOf(createdOnly.id)).map((d) => d.event)).toEqual(['request.created']);
    const change = (await deliveriesOf(all.id)).find((d) => d.event === 'request.status_changed')!;
    expect(JSON.parse(change.body).data.request).toMatchObject({
      id: requestId,
      status: 'Need Assistance',
      previous_status: 'Requested By Lawyer',
    });
  });

  it('sends nothing to a disabled endpoint; enabling it sends new events; delete removes its log', async () => {
    const { app } = await getContext();
    const firm = await firmForRequests();
    const { id } = (await register(firm.staff.headers)).json();
    const call = (action: string) =>
      app.inject({ method: 'POST', url: `/api/webhooks/${id}/${action}/`, headers: firm.staff.headers });
    const off = await call('disable');
    expect(off.json()).toMatchObject({ disabled_reason: 'manual', disabled_at: expect.any(String) });
    expect((await call('disable')).statusCode).toBe(409);
    await submit(firm.paralegal.headers, requestBody(firm));
    expect(await deliveriesOf(id)).toEqual([]);
    expect((await call('enable')).json()).toMatchObject({ disabled_at: null, disabled_reason: null });
    await submit(firm.paralegal.headers, requestBody(firm, { provider: [firm.providers[1].id] }));
    expect(await deliveriesOf(id)).toHaveLength(1);
    expect((await call('delete')).json()).toEqual({ success: WEBHOOK_MSG.deleted });
    expect(await deliveriesOf(id)).toEqual([]);
    expect((await call('enable')).statusCode).toBe(404);
  });

  it('is in the OpenAPI document with an example, for a bearer session only', async () => {
    const { app } = await getContext();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const register = doc.paths['/api/webhooks/'].post;
    expect(register.summary).toContain('Register a webhook endpoint');
    expect(JSON.stringify(register.security)).not.toContain('apiKey');
    expect(doc.paths['/api/webhooks/{id}/deliveries/'].get).toBeDefined();
  });

  it('signs with the secret’s bytes, as the scheme’s published example does', () => {
    // The example of the Standard Webhooks specification (github.com/standard-webhooks).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(webhookSignature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});
