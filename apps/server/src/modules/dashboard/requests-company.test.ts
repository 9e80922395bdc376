import { DASHBOARD_ORDER_KEYS, type DashboardOrderKey, type DashboardRequest } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, type TestContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { type DashboardFirm, dashboardFirm } from './dashboard.fixtures';

/** GET /api/requests-company/{company_id}/: filters, sorting, paging, computed ages and who sees what. */
let ctx: TestContext;
let firm: DashboardFirm;

beforeAll(async () => {
  ctx = await getContext();
  firm = await dashboardFirm(ctx.deps);
});

async function list(headers: Record<string, string>, query = '', companyId = firm.company.id) {
  const res = await ctx.app.inject({ url: `/api/requests-company/${companyId}/${query}`, headers });
  return res;
}

async function ids(query: string, headers = firm.staff.headers): Promise<number[]> {
  const res = await list(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((r: { request: DashboardRequest }) => r.request.id);
}

describe('GET /api/requests-company/{company_id}/ — lists and filters', () => {
  it('lists only open requests by default, newest first, each holding a request', async () => {
    const res = await list(firm.staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results.map((r: { request: DashboardRequest }) => r.request.id)).toEqual([
      firm.r3.id,
      firm.r2.id,
    ]);
  });

  it('open_request=No lists every request; true/false also work; unknown values are refused', async () => {
    expect(await ids('?open_request=No')).toEqual([firm.r3.id, firm.r2.id, firm.r1.id]);
    expect(await ids('?open_request=false')).toEqual([firm.r3.id, firm.r2.id, firm.r1.id]);
    expect(await ids('?open_request=True')).toEqual(await ids('?open_request=Yes'));
    const bad = await list(firm.staff.headers, '?open_request=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/open_request/);
  });

  it('filters by paralegal (main contact), client and provider', async () => {
    const { r1, r2, r3, paralegal, other, patients } = firm;
    expect(await ids(`?open_request=No&paralegal=${paralegal.user.id}`)).toEqual([r1.id]);
    expect(await ids(`?open_request=No&paralegal=${other.user.id}`)).toEqual([r2.id]);
    expect(await ids(`?open_request=No&client=${patients.amy.id}`)).toEqual([r3.id]);
    expect(await ids(`?open_request=No&provider=${r2.providerId}`)).toEqual([r2.id]);
  });

  it('filters by one status, a spec alias, and the Open and Closed groups', async () => {
    const { r1, r2, r3 } = firm;
    expect(await ids('?open_request=No&status=Need%20Assistance')).toEqual([r3.id]);
    expect(await ids('?open_request=No&status=Open')).toEqual([r3.id, r2.id]);
    expect(await ids('?open_request=No&status=Closed')).toEqual([r1.id]);
    // A closed status while only open requests are asked for finds nothing.
    expect(await ids('?status=Closed')).toEqual([]);
    await ctx.deps.db
      .update(requests)
      .set({ status: 'Provider Is Sending Documents' })
      .where(eq(requests.id, r2.id));
    expect(await ids('?status=Documents%20en%20Route')).toEqual([r2.id]);
    await ctx.deps.db
      .update(requests)
      .set({ status: 'In Contact With Provider' })
      .where(eq(requests.id, r2.id));
    const bad = await list(firm.staff.headers, '?status=Lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('query parameter status: is not a request status');
  });

  it('days_old keeps requests created at least that many days ago; 0 means any age', async () => {
    const { r1, r2, r3 } = firm;
    expect(await ids('?open_request=No&days_old=0')).toEqual([r3.id, r2.id, r1.id]);
    expect(await ids('?open_request=No&days_old=5')).toEqual([r2.id, r1.id]);
    expect(await ids('?open_request=No&days_old=6')).toEqual([r1.id]);
    expect(await ids('?open_request=No&days_old=11')).toEqual([]);
    expect((await list(firm.staff.headers, '?days_old=-1')).statusCode).toBe(400);
  });

  it('computes days_old, days_to_receive, received_document and days_to_download in SQL', async () => {
    const res = await list(firm.staff.headers, '?open_request=No&order_by=created_at');
    const [r1, r2, r3] = res.json().results.map((r: { request: DashboardRequest }) => r.request);
    expect(r1).toMatchObject({
      days_old: 10,
      days_to_receive: 8,
      received_document: true,
      days_to_download: 3,
    });
    expect(r2).toMatchObject({
      days_old: 5,
      days_to_receive: 1,
      received_document: true,
      days_to_download: null,
    });
    expect(r3).toMatchObject({
      days_old: 1,
      days_to_receive: null,
      received_document: false,
      days_to_download: null,
    });
    expect(r1).toMatchObject({
      id: firm.r1.id,
      internal_number: firm.r1.internalNumber,
      status: 'Completed - Documents Arrived',
      request_type: 'Pathology',
      start_date: '2021-03-01',
      end_date: '2021-03-01',
      rush: false,
      patient: {
        id: firm.patients.mia.id,
        first_name: 'Mia',
        last_name: firm.patients.mia.lastName,
        full_name: `Mia ${firm.patients.mia.lastName}`,
        company_id: firm.company.id,
      },
      provider: { id: firm.r1.providerId, name: expect.stringMatching(/^A Clinic/) },
      user: { id: firm.paralegal.user.id, full_name: 'Carl Clark' },
      requester: { id: firm.paralegal.user.id, full_name: 'Carl Clark' },
    });
    expect(new Date(r1.created_at).getTime()).toBe(firm.r1.createdAt.getTime());
  });

  it('leaves inactive requests out', async () => {
    const hidden = await createRequest(ctx.deps.db, {
      companyId: firm.company.id,
      patientId: firm.patients.mia.id,
      userId: firm.paralegal.user.id,
      active: false,
    });
    expect(await ids('?open_request=No')).not.toContain(hidden.id);
    await ctx.deps.db.delete(requests).where(eq(requests.id, hidden.id));
  });
});

describe('GET /api/requests-company/{company_id}/ — sorting and paging', () => {
  const expected: Record<DashboardOrderKey, string> = {
    created_at: '123',
    end_date: '213',
    start_date: '213',
    user__full_name: '231',
    patient__full_name: '312',
    provider__name: '132',
    request_type: '213',
    status: '123',
    days_old: '321',
    days_to_receive: '213',
    received_document: '312',
    days_to_download: '123',
    internal_number: '213',
  };
  // Descending reverses the order, except that rows without a value stay last and ties keep id order.
  const descending: Partial<Record<DashboardOrderKey, string>> = {
    days_to_receive: '123',
    received_document: '213',
    days_to_download: '132',
  };

  it.each(DASHBOARD_ORDER_KEYS)('order_by=%s sorts ascending, -%s descending', async (key) => {
    const byNumber = { 1: firm.r1.id, 2: firm.r2.id, 3: firm.r3.id } as Record<string, number>;
    const order = (digits: string) => [...digits].map((d) => byNumber[d]);
    expect(await ids(`?open_request=No&order_by=${key}`)).toEqual(order(expected[key]));
    const reversed = descending[key] ?? [...expected[key]].reverse().join('');
    expect(await ids(`?open_request=No&order_by=-${key}`)).toEqual(order(reversed));
  });

  it('refuses an unknown sort key', async () => {
    const res = await list(firm.staff.headers, '?order_by=password_hash');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^query parameter order_by/);
  });

  it('pages with the dashboard page sizes only, and links next and previous', async () => {
    const company = firm.company.id;
    const first = (await list(firm.staff.headers, '?open_request=No&page_size=10')).json();
    expect(first.count).toBe(3);
    const extra = await createPatient(ctx.deps.db, company);
    for (let i = 0; i < 9; i++) await createRequest(ctx.deps.db, { companyId: company, patientId: extra.id });
    const page1 = (await list(firm.staff.headers, '?open_request=No')).json();
    expect(page1.count).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page1.next).toBe(`/api/requests-company/${company}/?open_request=No&page=2&page_size=10`);
    const page2 = (await list(firm.staff.headers, '?open_request=No&page=2')).json();
    expect(page2.results.map((r: { request: DashboardRequest }) => r.request.id)).toEqual([
      firm.r2.id,
      firm.r1.id,
    ]);
    expect(page2.previous).toBe(`/api/requests-company/${company}/?open_request=No&page=1&page_size=10`);
    expect(page2.next).toBeNull();
    const bad = await list(firm.staff.headers, '?page_size=25');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('query parameter page_size: must be one of 10, 20, 30, 40, 50, 100');
    expect((await list(firm.staff.headers, '?page=0')).statusCode).toBe(400);
    await ctx.deps.db.delete(requests).where(eq(requests.patientId, extra.id));
  });

  it('refuses parameters outside the allow-list, naming them', async () => {
    const res = await list(firm.staff.headers, '?patient__ssn=123');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/patient__ssn/);
  });
});

describe('GET /api/requests-company/{company_id}/ — who sees what', () => {
  it('asks anonymous callers to sign in', async () => {
    expect((await list({})).statusCode).toBe(401);
  });

  it('a paralegal sees only requests where they are main contact or requester', async () => {
    const { r1, r2 } = firm;
    expect(await ids('?open_request=No', firm.paralegal.headers)).toEqual([r2.id, r1.id]);
    expect(await ids('?open_request=No', firm.other.headers)).toEqual([r2.id]);
  });

  it('the same call by another firm’s staff lists that firm’s requests only (statements are reused per shape)', async () => {
    const second = await dashboardFirm(ctx.deps);
    const mine = await ids('?open_request=No&page_size=10', firm.staff.headers);
    const res = await list(second.staff.headers, '?open_request=No&page_size=10', second.company.id);
    expect(res.statusCode, res.body).toBe(200);
    const theirs = res.json().results.map((r: { request: DashboardRequest }) => r.request.id);
    expect(theirs).toEqual([second.r3.id, second.r2.id, second.r1.id]);
    expect(theirs.some((id: number) => mine.includes(id))).toBe(false);
    expect(res.json().count).toBe(3);
  });

  it('firm staff see the whole firm; another firm gets 404', async () => {
    expect(await ids('?open_request=No', firm.staff.headers)).toHaveLength(3);
    const stranger = await signedIn(ctx.deps, { isStaff: true });
    const res = await list(stranger.headers);
    expect(res.statusCode).toBe(404);
  });

  it('internal staff open any company; an unknown company is 404', async () => {
    const internal = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect(await ids('?open_request=No', internal.headers)).toHaveLength(3);
    expect((await list(internal.headers, '', 999_999)).statusCode).toBe(404);
  });

  it('internal users who are not staff see only requests they claimed', async () => {
    const worker = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID });
    await ctx.deps.db
      .update(requests)
      .set({ workingOnId: worker.user.id })
      .where(eq(requests.id, firm.r1.id));
    expect(await ids('?open_request=No', worker.headers)).toEqual([firm.r1.id]);
    await ctx.deps.db.update(requests).set({ workingOnId: null }).where(eq(requests.id, firm.r1.id));
  });

  it('staff view the dashboard as one user: that user’s requests as main contact', async () => {
    const internal = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const asParalegal = `?open_request=No&user=${firm.paralegal.user.id}`;
    expect(await ids(asParalegal, firm.staff.headers)).toEqual([firm.r1.id]);
    expect(await ids(asParalegal, internal.headers)).toEqual([firm.r1.id]);
  });

  it('a user who is not staff may name only themselves as the view-as user', async () => {
    expect(await ids(`?open_request=No&user=${firm.paralegal.user.id}`, firm.paralegal.headers)).toEqual([
      firm.r1.id,
    ]);
    const res = await list(firm.paralegal.headers, `?user=${firm.staff.user.id}`);
    expect(res.statusCode).toBe(403);
    const internalUser = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID });
    expect((await list(internalUser.headers, `?user=${firm.staff.user.id}`)).statusCode).toBe(403);
  });

  it('a view-as user of another company is 404', async () => {
    const stranger = await signedIn(ctx.deps);
    expect((await list(firm.staff.headers, `?user=${stranger.user.id}`)).statusCode).toBe(404);
  });
});
