import { BILLABLE_STATUSES, type CompletedWithFees, STATUS, toCents } from '@dd/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  createUser,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { billings, invoices, requests } from '../../db/schema';
import { get } from '../requests/requests.staff-fixtures';

/** GET /api/completed-requests-with-fees/: finished requests of one fresh firm, with fees and costs. */
async function firm() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, { name: `Fees Firm ${Date.now()}` });
  const ada = await createPatient(deps.db, company.id, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createPatient(deps.db, company.id, { firstName: 'Bob', lastName: 'Babbage' });
  const provider = await createProvider(deps.db, { name: `Mercy ${company.id}` });
  const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
    createRequest(deps.db, { patientId: ada.id, companyId: company.id, providerId: provider.id, ...values });
  /** A request closed at `closedAt` whose line is on a billing with these amounts. */
  const billedOn = async (
    closedAt: string,
    line: Omit<typeof invoices.$inferInsert, 'requestId' | 'companyId'>,
  ) => {
    const request = await make({ status: STATUS.closedArrived, closedDate: new Date(closedAt) });
    const [bill] = await deps.db.insert(billings).values({ title: 'Feb', companyId: company.id }).returning();
    await deps.db
      .insert(invoices)
      .values({ ...line, requestId: request.id, companyId: company.id, billId: bill.id });
    return request;
  };
  return { company, ada, bob, make, billedOn };
}

describe('GET /api/completed-requests-with-fees/', () => {
  it('lists finished requests with their billed fee and costs, filtered and paged', async () => {
    const { deps } = await getContext();
    const f = await firm();
    const billedOne = await f.billedOn('2026-02-01T12:00:00Z', {
      price: toCents(40),
      providerCost: toCents(12.5),
      pageFee: toCents(2),
    });
    await f.make({
      status: STATUS.cancelled,
      patientId: f.bob.id,
      closedDate: new Date('2026-02-03T12:00:00Z'),
    });
    await f.make({ status: STATUS.inContact });
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const url = `/api/completed-requests-with-fees/?law_firm=${f.company.id}`;
    const res = await get(url, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: CompletedWithFees[] };
    expect(body.count).toBe(2);
    expect(body.results.map((r) => r.client)).toEqual(['Bob Babbage', 'Ada Lovelace']);
    expect(body.results[1]).toMatchObject({
      fee: '40.00',
      provider_cost: '12.50',
      page_fee: '2.00',
      total: '54.50',
    });
    expect(body.results[1].law_firm).toBe(f.company.name);

    const byClient = (await get(`${url}&client=lovel&order_by=closed_date`, admin.headers)).json();
    expect(byClient.results.map((r: CompletedWithFees) => r.id)).toEqual([billedOne.id]);
    const paged = (await get(`${url}&page_size=1&page=2`, admin.headers)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.previous).toContain('page=1');
    expect((await get(`${url}&claimed_by=someone`, admin.headers)).statusCode).toBe(400);
  });

  it("feeds the billing report: per firm, finished between two days of the caller's zone", async () => {
    const { deps } = await getContext();
    const f = await firm();
    await f.billedOn('2026-02-01T12:00:00Z', { price: toCents(40), providerCost: toCents(10) });
    // 23:30 on February 2 in Denver, already February 3 in UTC.
    await f.make({ status: STATUS.cancelled, closedDate: new Date('2026-02-03T06:30:00Z') });
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const url = '/api/reports/billing/?from=2026-02-01&to=2026-02-02';
    const row = async () =>
      (await get(url, admin.headers))
        .json()
        .rows.find((r: { company_id: number }) => r.company_id === f.company.id);
    expect(await row()).toMatchObject({ finished: 1, fees: '40.00', costs: '10.00', total: '50.00' });
    await deps.db.execute(sql`update users set timezone = 'America/Denver' where id = ${admin.user.id}`);
    expect((await row()).finished).toBe(2);
    const defaults = (await get('/api/reports/billing/', admin.headers)).json();
    expect(defaults.from.endsWith('-01')).toBe(true);
    expect((await get('/api/reports/billing/?from=2026-02-03&to=2026-02-01', admin.headers)).statusCode).toBe(
      400,
    );
  });

  it('counts as many requests as a pass over them, for every filter, through claims, status changes and removal', async () => {
    const { deps } = await getContext();
    const db = deps.db;
    const f = await firm();
    const worker = await createUser(db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const made = [
      await f.make({ status: STATUS.closedArrived, workingOnId: worker.id, closedDate: new Date() }),
      await f.make({ status: STATUS.cancelled, rush: true, closedDate: new Date() }),
      await f.make({ status: STATUS.completedArrived, workingOnId: worker.id, completedDate: new Date() }),
      await f.make({ status: STATUS.inContact, workingOnId: worker.id }),
      await f.make({ status: STATUS.completedUnavailable, patientId: f.bob.id, completedDate: new Date() }),
    ];
    await f.billedOn('2026-02-01T12:00:00Z', { price: toCents(40) });
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const statuses = (text: string) => BILLABLE_STATUSES.filter((s) => s.toLowerCase().includes(text));
    const cases: [string, SQL][] = [
      ['', sql`true`],
      [`law_firm=${f.company.id}`, sql`company_id = ${f.company.id}`],
      [`claimed_by=${worker.id}`, sql`working_on_id = ${worker.id}`],
      ['claimed_by=none', sql`working_on_id is null`],
      ['status=closed', inArray(requests.status, statuses('closed'))],
      [
        `law_firm=${f.company.id}&status=complet`,
        and(eq(requests.companyId, f.company.id), inArray(requests.status, statuses('complet')))!,
      ],
      [
        `law_firm=${f.company.id}&claimed_by=${worker.id}`,
        sql`company_id = ${f.company.id} and working_on_id = ${worker.id}`,
      ],
      [
        `law_firm=${f.company.id}&client=babb`,
        sql`company_id = ${f.company.id} and patient_id = ${f.bob.id}`,
      ],
    ];
    const expectCounts = async () => {
      for (const [filters, where] of cases) {
        // Other test files add requests to a shared PostgreSQL database meanwhile: the pass and the call
        // are compared again until no insert fell between them.
        const difference = async () => {
          const [{ n }] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from requests
              where active and ${inArray(requests.status, BILLABLE_STATUSES)} and ${where}`,
          );
          const res = await get(`/api/completed-requests-with-fees/?${filters}`, admin.headers);
          return res.json().count - n;
        };
        await expect.poll(difference, { message: filters, timeout: 5_000, interval: 20 }).toBe(0);
      }
    };
    await expectCounts();
    await db.update(requests).set({ workingOnId: null }).where(eq(requests.id, made[0].id));
    await db.update(requests).set({ status: STATUS.closedUnavailable }).where(eq(requests.id, made[3].id));
    await db.update(requests).set({ status: STATUS.inContact }).where(eq(requests.id, made[2].id));
    await db.update(requests).set({ active: false }).where(eq(requests.id, made[1].id));
    await db.update(requests).set({ workingOnId: worker.id }).where(eq(requests.id, made[4].id));
    await expectCounts();
  });

  it('is for internal holders of view_fees only', async () => {
    const { deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await get('/api/completed-requests-with-fees/', staff.headers)).statusCode).toBe(403);
    const firmStaff = await signedIn(deps, { isStaff: true, permissions: ['view_fees'] });
    expect((await get('/api/completed-requests-with-fees/', firmStaff.headers)).statusCode).toBe(403);
    expect((await get('/api/reports/billing/', staff.headers)).statusCode).toBe(403);
  });
});
