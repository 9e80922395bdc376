import {
  addCents,
  BILLABLE_STATUSES,
  BILLING_MSG,
  FEE_BY_STATUS,
  FEE_LABELS,
  formatAmount,
  type InvoicePage,
  outcomeFee,
  parseAmount,
  REQUEST_STATUSES,
  requiredFieldMessage,
  STATUS,
  toCents,
} from '@dd/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { auditEvents, billings, invoices, requests } from '../../db/schema';
import { get, post } from '../requests/requests.staff-fixtures';
import { feeSettings, feeSettingsAnswer } from './invoices.service';

/** A company's invoice lines, fee settings and line amounts. */

async function firm(options: { autoSurcharge?: boolean } = {}) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, { autoSurcharge: options.autoSurcharge ?? false });
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id, { firstName: 'Ada', lastName: 'Lovelace' });
  const provider = await createProvider(deps.db, { name: `Mercy ${company.id}` });
  const request = (values: Parameters<typeof createRequest>[1] extends infer T ? Partial<T> : never) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      providerId: provider.id,
      ...values,
    });
  return { company, staff, paralegal, patient, provider, request };
}

const admin = async () => signedIn((await getContext()).deps, INTERNAL_ADMIN);
const internalStaffUser = async () =>
  signedIn((await getContext()).deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });

async function invoiceOf(companyId: number, headers: Record<string, string>, query = '') {
  const res = await get(`/api/invoices/${companyId}/${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoicePage;
}

async function put(url: string, headers: Record<string, string>, payload: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'PUT', url, headers, payload: payload as object });
}

describe('the fee of a line', () => {
  it('bills the quote when the documents arrive, else the fee setting plus rush; open shows the quote', async () => {
    const { deps } = await getContext();
    const fees = await feeSettings(deps.db);
    const f = await firm();
    await f.request({ status: STATUS.completedArrived, price: 38 });
    await f.request({ status: STATUS.completedUnavailable, rush: true });
    await f.request({ status: STATUS.cancelled });
    await f.request({ status: STATUS.inContact, price: 42 });
    const page = await invoiceOf(f.company.id, (await admin()).headers);
    const byStatus = Object.fromEntries(page.results.map((l) => [l.request.status, l]));
    expect(byStatus[STATUS.completedArrived].price).toBe('38.00');
    expect(byStatus[STATUS.completedUnavailable].price).toBe(
      formatAmount(outcomeFee(fees, STATUS.completedUnavailable, { price: toCents(35), rush: true })),
    );
    expect(byStatus[STATUS.cancelled].price).toBe(formatAmount(fees.cancelled));
    expect(byStatus[STATUS.inContact].price).toBe('42.00');
    // Requests without a written line are still on the invoice, with no costs yet.
    expect(page.results.every((l) => l.id === null && l.provider_cost === '0.00')).toBe(true);
    expect(page.totals.lines).toBe(4);
    expect(page.totals.total).toBe(formatAmount(addCents(...page.results.map((l) => parseAmount(l.total)))));
    expect(page.can_edit).toBe(true);
  });

  it('has a fee setting for every completed or closed status and none for open ones', () => {
    for (const status of REQUEST_STATUSES) {
      const finished = status.startsWith('Completed') || status.startsWith('Closed');
      expect(FEE_BY_STATUS[status] !== undefined, status).toBe(finished);
    }
  });

  it('changes with the fee settings an administrator saves, and the change is logged', async () => {
    const { deps } = await getContext();
    const before = await feeSettingsAnswer(deps.db);
    const who = await admin();
    const f = await firm();
    await f.request({ status: STATUS.closedUnavailable });
    const { id: _id, updated_at: _at, ...body } = before;
    const saved = await post('/api/home/price/1/', who.headers, {
      ...body,
      closed_documents_unavailable: '19.95',
    });
    try {
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().closed_documents_unavailable).toBe('19.95');
      expect((await invoiceOf(f.company.id, who.headers)).results[0].price).toBe('19.95');
      const [event] = await deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, who.user.id));
      expect(event.action).toBe('fees.changed');
    } finally {
      await post('/api/home/price/1/', who.headers, body);
    }
    const staff = await internalStaffUser();
    expect((await get('/api/home/price/1/', staff.headers)).statusCode).toBe(200);
    expect((await post('/api/home/price/1/', staff.headers, body)).statusCode).toBe(403);
    expect((await post('/api/home/price/1/', who.headers, { ...body, rush: '-1' })).statusCode).toBe(400);
    // A blank fee reads as the fee settings form shows it under the field, from the same schema.
    const blank = await post('/api/home/price/1/', who.headers, { ...body, rush: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ rush: requiredFieldMessage(FEE_LABELS.rush) });
    expect((await get('/api/home/price/2/', staff.headers)).statusCode).toBe(404);
  });
});

describe('editing a line', () => {
  it('lets an administrator set the provider cost and surcharge, on the current line only', async () => {
    const { deps } = await getContext();
    const f = await firm();
    const r = await f.request({ status: STATUS.completedArrived, pageFee: 2.5 });
    const who = await admin();
    const created = await post('/api/home/invoice/', who.headers, {
      request: r.id,
      provider_cost: '120.50',
      auto_added_surcharge: 12,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      provider_cost: '120.50',
      auto_added_surcharge: '12.00',
      page_fee: '2.50',
    });
    const id = created.json().id as number;
    const updated = await put(`/api/home/invoice/${id}/`, who.headers, {
      provider_cost: 80,
      auto_added_surcharge: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const fee = parseAmount(updated.json().price);
    const total = formatAmount(addCents(fee, toCents(80), toCents(2.5)));
    expect(updated.json()).toMatchObject({ id, provider_cost: '80.00', total });
    // A second POST for the same request updates the same open line (one unbilled line per request).
    await post('/api/home/invoice/', who.headers, {
      request: r.id,
      provider_cost: 81,
      auto_added_surcharge: 0,
    });
    expect(await deps.db.select().from(invoices).where(eq(invoices.requestId, r.id))).toHaveLength(1);
    const lines = await get(`/api/home/invoice/?request=${r.id}&order_by=created_at`, who.headers);
    expect(lines.json()).toMatchObject([{ id, provider_cost: '81.00', bill_id: null }]);
  });

  it('refuses amounts from anyone but an internal administrator, and bad amounts', async () => {
    const f = await firm();
    const r = await f.request({ status: STATUS.completedArrived });
    const body = { request: r.id, provider_cost: 10, auto_added_surcharge: 0 };
    for (const who of [f.staff, await internalStaffUser()]) {
      expect((await post('/api/home/invoice/', who.headers, body)).statusCode).toBe(403);
    }
    const res = await post('/api/home/invoice/', (await admin()).headers, {
      ...body,
      provider_cost: '1.005',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter an amount such as 25.00');
  });
});

describe('filters', () => {
  it('narrow by status, billing state, provider, client and dates in the viewer zone', async () => {
    const { deps } = await getContext();
    const f = await firm();
    const other = await createProvider(deps.db);
    const otherClient = await createPatient(deps.db, f.company.id);
    await f.request({ status: STATUS.waitingForDirectDocs, createdAt: new Date('2026-03-01T03:00:00Z') });
    await f.request({
      status: STATUS.closedArrived,
      providerId: other.id,
      createdAt: new Date('2026-03-02T12:00:00Z'),
    });
    await f.request({
      status: STATUS.closedArrived,
      patientId: otherClient.id,
      createdAt: new Date('2026-03-05T12:00:00Z'),
    });
    const who = await admin();
    const ids = async (q: string) =>
      (await invoiceOf(f.company.id, who.headers, q)).results.map((l) => l.request.status);
    expect(await ids(`?status=${encodeURIComponent(STATUS.waitingForDirectDocs)}`)).toEqual([
      STATUS.waitingForDirectDocs,
    ]);
    expect(await ids('?status=Closed')).toHaveLength(2);
    expect(await ids(`?provider=${other.id}`)).toHaveLength(1);
    expect(await ids(`?client=${otherClient.id}`)).toHaveLength(1);
    expect(await ids('?billing=unbilled')).toHaveLength(3);
    // 03:00 UTC on March 1st is still February 28th in Denver (the admin's zone is UTC: set Denver).
    const denver = await signedIn(deps, { ...INTERNAL_ADMIN });
    await deps.db.execute(
      (await import('drizzle-orm'))
        .sql`update users set timezone = 'America/Denver' where id = ${denver.user.id}`,
    );
    const inDenver = await invoiceOf(
      f.company.id,
      denver.headers,
      '?start_date=2026-03-01&end_date=2026-03-02',
    );
    expect(inDenver.results).toHaveLength(1);
    const inUtc = await invoiceOf(f.company.id, who.headers, '?start_date=2026-03-01&end_date=2026-03-02');
    expect(inUtc.results).toHaveLength(2);
    const bad = await get(`/api/invoices/${f.company.id}/?status=Lost`, who.headers);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/invoices/${f.company.id}/?start_date=03/01/2026`, who.headers)).statusCode).toBe(
      400,
    );
  });

  it('pages the lines on the server and keeps the totals of every filtered line', async () => {
    const f = await firm();
    for (let i = 0; i < 3; i++) await f.request({ status: STATUS.closedArrived });
    const who = await admin();
    const first = await invoiceOf(f.company.id, who.headers, '?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.count).toBe(3);
    expect(first.next).toContain('page=2');
    const second = await invoiceOf(f.company.id, who.headers, '?page=2&page_size=2');
    expect(second.results).toHaveLength(1);
    expect(second.totals).toEqual(first.totals);
  });
});

describe('billing lists answer one page shape', () => {
  it('pages firms, invoice lines and billings as {count, next, previous, results}', async () => {
    const f = await firm();
    await createCompany((await getContext()).deps.db);
    for (let i = 0; i < 2; i++) await f.request({ status: STATUS.closedArrived });
    const who = await admin();
    const pageKeys = ['count', 'next', 'previous', 'results'];
    const firms = (await get('/api/invoices/?page_size=1', who.headers)).json();
    expect(Object.keys(firms).sort()).toEqual(pageKeys);
    expect(firms).toMatchObject({ previous: null, next: expect.stringContaining('page=2') });
    const lines = await invoiceOf(f.company.id, who.headers, '?page=2&page_size=1');
    expect(Object.keys(lines).sort()).toEqual([...pageKeys, 'can_edit', 'company', 'totals'].sort());
    expect(lines).toMatchObject({ count: 2, next: null, previous: expect.stringContaining('page=1') });
    const billed = await get('/api/home/billing/?limit=1', who.headers);
    expect(Object.keys(billed.json()).sort()).toEqual(pageKeys);
  });
});

describe('who sees an invoice', () => {
  it('shows a firm its own invoice read-only; another firm gets 404 and a paralegal 403', async () => {
    const f = await firm();
    await f.request({ status: STATUS.closedArrived });
    const own = await invoiceOf(f.company.id, f.staff.headers);
    expect(own.results).toHaveLength(1);
    expect(own.can_edit).toBe(false);
    const otherFirm = await firm();
    expect((await get(`/api/invoices/${f.company.id}/`, otherFirm.staff.headers)).statusCode).toBe(404);
    expect((await get(`/api/invoice_billing/${f.company.id}`, otherFirm.staff.headers)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${f.company.id}/`, f.paralegal.headers)).statusCode).toBe(403);
    expect((await get('/api/invoices/', f.staff.headers)).statusCode).toBe(403);
  });

  it('lists the firms to invoice with normal and rush counts, not the retrieval company', async () => {
    const f = await firm();
    await f.request({ rush: true, status: STATUS.closedArrived });
    await f.request({});
    const staff = await internalStaffUser();
    let found:
      | { id: number; normal_requests: number; rush_requests: number; unbilled_lines: number }
      | undefined;
    for (let page = 1; !found; page++) {
      const res = await get(`/api/invoices/?page=${page}&page_size=100`, staff.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.results.some((c: { id: number }) => c.id === INTERNAL_COMPANY_ID)).toBe(false);
      found = body.results.find((c: { id: number }) => c.id === f.company.id);
      if (!body.next) break;
    }
    expect(found).toMatchObject({ normal_requests: 1, rush_requests: 1, unbilled_lines: 1 });
  });
});

describe('the firms to invoice', () => {
  /** The firm's row of GET /api/invoices/ (paged through until found). */
  async function listed(companyId: number) {
    const staff = await internalStaffUser();
    for (let page = 1; ; page++) {
      const body = (await get(`/api/invoices/?page=${page}&page_size=100`, staff.headers)).json();
      const row = body.results.find((c: { id: number }) => c.id === companyId);
      if (row || !body.next) return row;
    }
  }

  /** The same figures counted over the firm's requests and lines. */
  async function counted(companyId: number) {
    const { deps } = await getContext();
    const [row] = await queryRows<Record<string, number>>(
      deps.db,
      sql`select
        count(*) filter (where not rush)::int as normal_requests,
        count(*) filter (where rush)::int as rush_requests,
        count(*) filter (where ${inArray(requests.status, BILLABLE_STATUSES)}
          and not exists (select 1 from invoices b where b.request_id = requests.id and b.bill_id is not null))::int
          as unbilled_lines
      from requests where company_id = ${companyId} and active`,
    );
    return row;
  }

  it('counts normal and rush requests and unbilled lines as a pass over the requests, through billing and other changes', async () => {
    const { deps } = await getContext();
    const db = deps.db;
    const f = await firm();
    const rushClosed = await f.request({ rush: true, status: STATUS.closedArrived });
    const open = await f.request({});
    const unavailable = await f.request({ status: STATUS.completedUnavailable });
    const noFee = await f.request({ status: STATUS.completedArrived });
    const expectSame = async () => {
      const row = await listed(f.company.id);
      expect(row).toMatchObject(await counted(f.company.id));
    };
    await expectSame();
    // Billed: one line with a fee, one at no fee.
    const [bill] = await db.insert(billings).values({ title: 'March', companyId: f.company.id }).returning();
    const [billedLine] = await db
      .insert(invoices)
      .values({ requestId: rushClosed.id, companyId: f.company.id, billId: bill.id, price: toCents(40) })
      .returning();
    await db
      .insert(invoices)
      .values({ requestId: noFee.id, companyId: f.company.id, billId: bill.id, price: toCents(0) });
    expect(await listed(f.company.id)).toMatchObject({
      normal_requests: 3,
      rush_requests: 1,
      unbilled_lines: 1,
    });
    await expectSame();
    await db.update(invoices).set({ billId: null }).where(eq(invoices.id, billedLine.id));
    await db
      .update(requests)
      .set({ status: STATUS.closedUnavailable, rush: true })
      .where(eq(requests.id, open.id));
    await db.update(requests).set({ active: false }).where(eq(requests.id, unavailable.id));
    await expectSame();
  });
});

describe('messages', () => {
  it('keeps the spec wording of the billing title message', () => {
    expect(BILLING_MSG.titleRequired).toBe('Invoice Title is required');
  });
});
