import { claimHeldMessage, MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers } from '../../test/factories';
import { getContext, randomIp } from '../../test/helpers';
import { internalStaff, staffFirm } from '../modules/requests/requests.staff-fixtures';

/**
 * Every refusal has one shape, `{error, fields?, details?}`: a client reads the message in `error`, the
 * field problems in `fields` and anything else in `details`, whatever the status.
 */
const ALLOWED = new Set(['error', 'fields', 'details']);

function expectOneShape(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect(Object.keys(body).filter((key) => !ALLOWED.has(key))).toEqual([]);
  return body;
}

describe('the shape of every 4xx answer', () => {
  it('answers validation 400, 401, 403, 404, 409 and 429 with only error, fields and details', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: who.firmUser.headers,
      payload: { first_name: 5 },
    });
    expect(expectOneShape(invalid, 400).fields).toBeTypeOf('object');

    const anonymous = await app.inject({ url: '/api/home/patient/' });
    expect(expectOneShape(anonymous, 401).error).toBe(MSG.signInRequired);

    const firmOnStaffList = await app.inject({ url: '/api/email/outbox/', headers: who.firmUser.headers });
    expectOneShape(firmOnStaffList, 403);

    const missing = await app.inject({ url: '/api/home/patient/2147483000/', headers: who.firmUser.headers });
    expectOneShape(missing, 404);
    expectOneShape(await app.inject({ url: '/api/no-such-call/' }), 404);

    const { requests } = await staffFirm();
    const alice = await internalStaff();
    const bob = await internalStaff();
    const claim = (who: typeof alice) =>
      app.inject({
        method: 'POST',
        url: `/api/home/request/${requests[0].id}/`,
        headers: who.headers,
        payload: { working_on: who.user.id },
      });
    expect((await claim(alice)).statusCode).toBe(200);
    const held = expectOneShape(await claim(bob), 409);
    expect(held).toEqual({
      error: claimHeldMessage(alice.user.fullName),
      details: { working_on: { id: alice.user.id, full_name: alice.user.fullName } },
    });

    const ip = randomIp();
    const contact = () =>
      app.inject({
        method: 'POST',
        url: '/api/email/',
        payload: {
          template: 'contact',
          name: 'Jane Counsel',
          email: 'shape@visitor.test',
          message: 'Hello.',
        },
        remoteAddress: ip,
      });
    for (let i = 0; i < deps.config.CONTACT_RATE_LIMIT; i++) expect((await contact()).statusCode).toBe(200);
    const over = await contact();
    const limited = expectOneShape(over, 429);
    expect(limited.error).toBe(MSG.tooManyRequests);
    expect(limited.details).toEqual({ retry_after: Number(over.headers['retry-after']) });
  });

  it('documents the shape as every route’s 4xx in the OpenAPI document, and a route’s own details where it has them', async () => {
    const { app } = await getContext();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const schemaOf = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].schema;
    const refusal = schemaOf('/api/home/patient/', 'post', '4XX');
    expect(Object.keys(refusal.properties).sort()).toEqual(['details', 'error', 'fields']);
    expect(refusal.required).toEqual(['error']);
    const exists = schemaOf('/api/home/provider/', 'post', '409');
    expect(Object.keys(exists.properties).sort()).toEqual(['details', 'error']);
    expect(Object.keys(exists.properties.details.properties)).toEqual(['provider']);
  });
});
