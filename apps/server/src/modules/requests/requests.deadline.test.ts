import {
  addBusinessDays,
  addCalendarDays,
  onOrNextBusinessDay,
  type RequestStatus,
  STATUS,
  todayIn,
} from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { providers, requests } from '../../db/schema';
import { confirmAuthorizationChecklist } from '../authorizations/authorizations.test-utils.queries';
import { firmWithOneRequest, requestBody } from './requests.fixtures';

async function post(url: string, headers: Record<string, string>, payload: object = {}) {
  const { app, deps } = await getContext();
  // These tests are about the clock a first send starts; the HIPAA form's checklist is complete (decision 055).
  const firstSend = /\/api\/home\/request\/(\d+)\/initial_sent\/$/.exec(url);
  if (firstSend) await confirmAuthorizationChecklist(deps.db, Number(firstSend[1]));
  return app.inject({ method: 'POST', url, headers, payload });
}

async function stored(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(requests).where(eq(requests.id, id));
  return row;
}

/** A Texas provider asked under the client's own right of access: the 15-business-day Texas rule. */
async function texasPatientAccess() {
  const { deps } = await getContext();
  const firm = await firmWithOneRequest();
  await deps.db.update(providers).set({ state: 'Texas' }).where(eq(providers.id, firm.providers[0].id));
  await deps.db
    .update(requests)
    .set({ legalBasis: 'patient_access' })
    .where(eq(requests.id, firm.request.id));
  const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
  return { ...firm, internal: staff };
}

describe('the legal due date kept on a request', () => {
  it('has none before the first send; the first send sets it from the strictest rule', async () => {
    const c = await texasPatientAccess();
    expect(await stored(c.request.id)).toMatchObject({ dueDate: null, deadlineRule: null });

    const sent = await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const today = todayIn('America/Chicago');
    expect(await stored(c.request.id)).toMatchObject({
      deadlineRule: 'tx-electronic',
      dueDate: addBusinessDays(today, 15),
    });
  });

  it('starts over when the request is resubmitted, until it is sent again', async () => {
    const c = await texasPatientAccess();
    await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    expect((await stored(c.request.id)).dueDate).not.toBeNull();
    const resubmit = await post(
      `/api/home/request/${c.request.id}/`,
      c.internal.headers,
      requestBody(c, {}, c.internal),
    );
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(await stored(c.request.id)).toMatchObject({ status: STATUS.requestedByLawyer, dueDate: null });
  });
});

describe('the provider’s kind', () => {
  it('is set by staff on the provider, and makes a Texas hospital’s own 15-business-day rule apply', async () => {
    const { deps } = await getContext();
    const c = await firmWithOneRequest();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const provider = c.providers[0];
    const edited = await post(`/api/home/provider/${provider.id}/`, staff.headers, {
      state: 'TX',
      kind: 'hospital',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: provider.id, state: 'TX', kind: 'hospital' });

    await post(`/api/home/request/${c.request.id}/initial_sent/`, staff.headers);
    expect(await stored(c.request.id)).toMatchObject({
      deadlineRule: 'tx-hospital',
      dueDate: addBusinessDays(todayIn('America/Chicago'), 15),
    });
  });

  it('refuses a kind it does not know, naming the field', async () => {
    const { deps } = await getContext();
    const c = await firmWithOneRequest();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const edited = await post(`/api/home/provider/${c.providers[0].id}/`, staff.headers, { kind: 'spa' });
    expect(edited.statusCode).toBe(400);
    expect(Object.keys(edited.json().fields)).toEqual(['kind']);
  });
});

describe('a split request', () => {
  it('gives each copy the due date of its own provider’s rules, from the same first send', async () => {
    const { deps } = await getContext();
    const c = await texasPatientAccess();
    await deps.db.update(providers).set({ state: 'CO' }).where(eq(providers.id, c.providers[1].id));
    await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    const split = await post(`/api/home/request/${c.request.id}/split/`, c.internal.headers, {
      splits: [
        { provider: c.providers[0].id, request_types: ['Medical Records'] },
        { provider: c.providers[1].id, request_types: ['Billing Records'] },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    const [texas, colorado] = await Promise.all(
      split.json().results.map((r: { id: number }) => stored(r.id)),
    );
    expect([texas.deadlineRule, colorado.deadlineRule]).toEqual(['tx-electronic', 'hipaa-access']);
  });
});

describe('the legal clock on the API', () => {
  it('is ordered with a basis, shown on the request with its rule and status, and corrected by staff', async () => {
    const c = await texasPatientAccess();
    const url = `/api/home/request/${c.request.id}/`;
    const ordered = await post('/api/home/request/', c.paralegal.headers, {
      ...requestBody(c, { provider: [c.providers[1].id], legal_basis: 'subpoena' }),
      override_duplicates: true,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json().results[0]).toMatchObject({
      legal_basis: 'subpoena',
      due_date: null,
      deadline_status: null,
    });

    await post(`${url}initial_sent/`, c.internal.headers);
    const { app } = await getContext();
    const detail = (await app.inject({ method: 'GET', url, headers: c.paralegal.headers })).json();
    expect(detail).toMatchObject({
      legal_basis: 'patient_access',
      due_date: addBusinessDays(todayIn('America/Chicago'), 15),
      deadline_rule: 'Texas electronic health records: 15 business days (Tex. Health & Safety Code 181.102)',
      deadline_status: 'on_track',
    });

    // The firm cannot correct the clock; staff can, and the due date follows.
    expect((await post(url, c.paralegal.headers, { legal_basis: 'authorization' })).statusCode).toBe(403);
    const corrected = await post(url, c.internal.headers, { legal_basis: 'authorization' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({
      legal_basis: 'authorization',
      deadline_rule: expect.stringMatching(/^No statute/),
    });
    expect((await post(url, c.internal.headers, { extension_notice_on: '5 May' })).statusCode).toBe(400);

    // Moved to a provider in California, an authorization falls under its five-day rule.
    const { deps } = await getContext();
    await deps.db.update(providers).set({ state: 'CA' }).where(eq(providers.id, c.providers[2].id));
    const moved = await post(url, c.internal.headers, { provider: c.providers[2].id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().deadline_rule).toBe(
      'California pre-litigation attorney requests: 5 days (Cal. Evidence Code 1158)',
    );
  });

  it('moves a HIPAA due date by 30 days once the provider’s extension notice is recorded', async () => {
    const { deps } = await getContext();
    const c = await texasPatientAccess();
    await deps.db.update(providers).set({ state: 'CO' }).where(eq(providers.id, c.providers[0].id));
    await post(`/api/home/request/${c.request.id}/initial_sent/`, c.internal.headers);
    const before = await stored(c.request.id);
    expect(before.deadlineRule).toBe('hipaa-access');
    const today = todayIn('America/Denver');
    await post(`/api/home/request/${c.request.id}/`, c.internal.headers, { extension_notice_on: today });
    const after = await stored(c.request.id);
    expect(after.extensionNoticeOn).toBe(today);
    expect(after.dueDate).toBe(onOrNextBusinessDay(addCalendarDays(before.dueDate as string, 30)));
  });
});

describe('GET /api/home/request/?deadline_status=', () => {
  it('lists the caller’s open requests whose due date stands there, and no other firm’s', async () => {
    const { deps, app } = await getContext();
    const today = todayIn('UTC');
    const c = await texasPatientAccess();
    const other = await firmWithOneRequest();
    const due = (id: number, dueDate: string, status: RequestStatus = STATUS.inContact) =>
      deps.db.update(requests).set({ dueDate, status }).where(eq(requests.id, id));
    await due(c.request.id, addCalendarDays(today, -3));
    await due(other.request.id, addCalendarDays(today, -3));
    const ids = async (headers: Record<string, string>, status: string, extra = '') => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/home/request/?deadline_status=${status}${extra}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { id: number }) => r.id);
    };
    expect(await ids(c.paralegal.headers, 'overdue')).toEqual([c.request.id]);
    expect(await ids(c.paralegal.headers, 'due_soon')).toEqual([]);
    const staffOverdue = await ids(c.internal.headers, 'overdue', '&limit=500');
    expect(staffOverdue).toEqual(expect.arrayContaining([c.request.id, other.request.id]));

    await due(c.request.id, addCalendarDays(today, -30));
    expect(await ids(c.paralegal.headers, 'very_overdue')).toEqual([c.request.id]);
    await due(c.request.id, addBusinessDays(today, 5));
    expect(await ids(c.paralegal.headers, 'due_soon')).toEqual([c.request.id]);
    await due(c.request.id, addBusinessDays(today, 6));
    expect(await ids(c.paralegal.headers, 'on_track')).toEqual([c.request.id]);
    // A finished request runs against no deadline.
    await due(c.request.id, addCalendarDays(today, -3), STATUS.completedArrived);
    expect(await ids(c.paralegal.headers, 'overdue')).toEqual([]);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/home/request/?deadline_status=late',
      headers: c.paralegal.headers,
    });
    expect(refused.statusCode).toBe(400);
  });
});
