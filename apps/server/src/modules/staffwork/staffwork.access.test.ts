import { describe, expect, it } from 'vitest';
import { callers } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { call, notesOf, requestRow, staffCase } from './staffwork.fixtures';

/** Every staff-work route: internal staff only; everyone else 403 whatever they send, nothing changes. */
const ROUTES = [
  ['POST', 'initial_sent'],
  ['POST', 'cancel'],
  ['POST', 'send_to_lawyer'],
  ['GET', 'first_send'],
  ['GET', 'staff_info'],
] as const;

const PAYLOADS = [
  undefined,
  {},
  { status: 'Closed - Cancelled Request' },
  { csrfmiddlewaretoken: 'x', id: 1 },
];

describe('staff-work routes: access', () => {
  it('answers 403 to law-firm users, firm staff, other firms and internal non-staff, whatever they send', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const own = await staffCase();
    const denied = [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser, own.contact];
    for (const [method, path] of ROUTES) {
      for (const caller of denied) {
        for (const payload of method === 'POST' ? PAYLOADS : [undefined]) {
          const res = await call(
            method,
            `/api/home/request/${own.request.id}/${path}/`,
            caller.headers,
            payload,
          );
          expect(res.statusCode, `${method} ${path}`).toBe(403);
        }
      }
      const ghost = await call(method, `/api/home/request/999999999/${path}/?x=1`, who.firmStaff.headers);
      expect(ghost.statusCode).toBe(403);
    }
    expect((await requestRow(own.request.id)).status).toBe('Requested By Lawyer');
    expect(await notesOf(own.request.id)).toHaveLength(0);
  });

  it('answers 401 without a session and 404 for a request that does not exist', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    for (const [method, path] of ROUTES) {
      const anonymous = await call(method, `/api/home/request/1/${path}/`, {});
      expect(anonymous.statusCode).toBe(401);
      for (const caller of [who.internalStaff, who.internalAdmin]) {
        const missing = await call(method, `/api/home/request/999999999/${path}/`, caller.headers);
        expect(missing.statusCode, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('refuses unknown fields and query parameters from internal staff', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const own = await staffCase();
    const body = await call(
      'POST',
      `/api/home/request/${own.request.id}/cancel/`,
      who.internalStaff.headers,
      {
        status: 'Requested By Lawyer',
      },
    );
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toContain('status');
    const query = await call(
      'GET',
      `/api/home/request/${own.request.id}/first_send/?related=x`,
      who.internalStaff.headers,
    );
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toContain('related');
    expect((await requestRow(own.request.id)).status).toBe('Requested By Lawyer');
  });
});
