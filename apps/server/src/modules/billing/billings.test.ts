import { BILLING_MSG, type Billing, STATUS, toCents } from '@dd/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import Papa from 'papaparse';
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
import { auditEvents, emailOutbox, invoices } from '../../db/schema';
import { openPdf } from '../pdfforms/pdf-pages';
import { get, post } from '../requests/requests.staff-fixtures';
import { linesCsv } from './billing.exports';

/** Billings: creation in one transaction, paid state, who sees them, the CSV and the PDF. */

async function firmWithWork() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db, { adminEmail: `billing-${Date.now()}@firm.example` });
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id, { firstName: 'Ada', lastName: 'Lovelace' });
  const provider = await createProvider(deps.db, { name: `Mercy, "North" ${company.id}` });
  const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      providerId: provider.id,
      ...values,
    });
  const done = await make({ status: STATUS.closedArrived, providerCost: 25 });
  const cancelled = await make({ status: STATUS.cancelled });
  const open = await make({ status: STATUS.inContact });
  return { company, staff, paralegal, done, cancelled, open };
}

const admin = async () => signedIn((await getContext()).deps, INTERNAL_ADMIN);

async function createBilling(headers: Record<string, string>, company: number, title = 'March 2026') {
  return post('/api/home/billing/', headers, { company, title });
}

async function put(url: string, headers: Record<string, string>, payload: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'PUT', url, headers, payload: payload as object });
}

describe('creating a billing', () => {
  it('needs a title, in the spec wording', async () => {
    const f = await firmWithWork();
    const res = await createBilling((await admin()).headers, f.company.id, '  ');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(BILLING_MSG.titleRequired);
  });

  it('bills every finished unbilled request at its fee, freezes the lines, and e-mails the firm', async () => {
    const { deps } = await getContext();
    const f = await firmWithWork();
    const who = await admin();
    const res = await createBilling(who.headers, f.company.id);
    expect(res.statusCode, res.body).toBe(201);
    const billing = res.json() as Billing;
    expect(billing).toMatchObject({ title: 'March 2026', is_paid: false, lines: 2 });
    const billed = await deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.billId, billing.id)));
    expect(billed.map((l) => l.requestId).sort()).toEqual([f.done.id, f.cancelled.id].sort());
    // The open request is not billed; the billed lines cannot be changed any more.
    const line = billed.find((l) => l.requestId === f.done.id)!;
    expect(line.providerCost).toBe(toCents(25));
    const change = await put(`/api/home/invoice/${line.id}/`, who.headers, {
      provider_cost: 1,
      auto_added_surcharge: 0,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error).toBe(BILLING_MSG.lineBilled);
    // A change after billing goes on a new line that carries costs only.
    const extra = await post('/api/home/invoice/', who.headers, {
      request: f.done.id,
      provider_cost: 40,
      auto_added_surcharge: 0,
    });
    expect(extra.json()).toMatchObject({ price: '0.00', provider_cost: '40.00', bill_id: null });
    // Nothing finished is left but that extra line; a third billing finds nothing.
    expect((await createBilling(who.headers, f.company.id, 'April')).json().lines).toBe(1);
    const again = await createBilling(who.headers, f.company.id, 'May');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BILLING_MSG.nothingToBill);
    // The first billing's e-mail: the April one was queued after it.
    const [mail] = await deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, f.company.adminEmail!))
      .orderBy(emailOutbox.id);
    expect(mail.subject).toBe('Direct Docs invoice: March 2026');
    expect(mail.text).toContain(`/invoice/${f.company.id}/${billing.id}/`);
    const titles = await get(`/api/invoice_billing/${f.company.id}`, f.staff.headers);
    expect(titles.json()[String(billing.id)]).toBe('March 2026');
  });

  it('never bills a line twice when two administrators bill the same firm at once', async () => {
    const { deps } = await getContext();
    const f = await firmWithWork();
    const [a, b] = [await admin(), await admin()];
    const results = await Promise.all([
      createBilling(a.headers, f.company.id, 'First'),
      createBilling(b.headers, f.company.id, 'Second'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const billed = await deps.db
      .select({ requestId: invoices.requestId })
      .from(invoices)
      .where(isNotNull(invoices.billId));
    const ours = billed.filter((l) => [f.done.id, f.cancelled.id].includes(l.requestId));
    expect(ours).toHaveLength(2);
  });

  it('attaches chosen lines with the spec PUT, refusing lines that are not billable', async () => {
    const { deps } = await getContext();
    const f = await firmWithWork();
    const who = await admin();
    const billing = (await createBilling(who.headers, f.company.id)).json() as Billing;
    const open = await post('/api/home/invoice/', who.headers, {
      request: f.open.id,
      provider_cost: 5,
      auto_added_surcharge: 0,
    });
    const refused = await put(`/api/home/billing/${billing.id}/`, who.headers, {
      invoices: `${open.json().id}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(BILLING_MSG.lineNotBillable);
    await deps.db.execute(
      (await import('drizzle-orm'))
        .sql`update requests set status = ${STATUS.completedArrived} where id = ${f.open.id}`,
    );
    const ok = await put(`/api/home/billing/${billing.id}/`, who.headers, { invoices: `${open.json().id}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().lines).toBe(3);
  });
});

describe("the spec's POST /api/home/invoice/ with the request id alone", () => {
  it('keeps the open line as it is, and opens a new one once that line is billed', async () => {
    const f = await firmWithWork();
    const who = await admin();
    const first = await post('/api/home/invoice/', who.headers, { request: f.done.id });
    expect(first.statusCode, first.body).toBe(200);
    const line = first.json() as { id: number; bill_id: number | null; provider_cost: number };
    expect(line.bill_id).toBeNull();
    const again = await post('/api/home/invoice/', who.headers, { request: f.done.id });
    expect(again.json()).toMatchObject({ id: line.id, provider_cost: line.provider_cost });

    expect((await createBilling(who.headers, f.company.id)).statusCode).toBe(201);
    const next = await post('/api/home/invoice/', who.headers, { request: f.done.id });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ bill_id: null, provider_cost: '0.00' });
    expect(next.json().id).not.toBe(line.id);

    // PUT changes both amounts of a line, so it needs both.
    const partial = await put(`/api/home/invoice/${next.json().id}/`, who.headers, { provider_cost: 5 });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields).toEqual({ auto_added_surcharge: 'Required' });
  });
});

describe('paid', () => {
  it('is set by an administrator with its date, and undone only with a logged reason', async () => {
    const { deps } = await getContext();
    const f = await firmWithWork();
    const who = await admin();
    const billing = (await createBilling(who.headers, f.company.id)).json() as Billing;
    const url = `/api/home/billing/${billing.id}/`;
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await post(url, staff.headers, { is_paid: true })).statusCode).toBe(403);
    const paid = await post(url, who.headers, { is_paid: true });
    expect(paid.json()).toMatchObject({ is_paid: true });
    expect(paid.json().paid_at).not.toBeNull();
    const noReason = await post(url, who.headers, { is_paid: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(BILLING_MSG.reasonRequired);
    const unpaid = await post(url, who.headers, { is_paid: false, reason: 'Cheque bounced' });
    expect(unpaid.json()).toMatchObject({ is_paid: false, paid_at: null });
    const events = await deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, who.user.id));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['billing.paid', 'billing.unpaid']));
    expect(events.find((e) => e.action === 'billing.unpaid')?.details).toMatchObject({
      reason: 'Cheque bounced',
    });
  });
});

describe('who sees billings', () => {
  it("lists a firm's own billings to its staff only, whatever company is asked for", async () => {
    const f = await firmWithWork();
    const other = await firmWithWork();
    const who = await admin();
    await createBilling(who.headers, f.company.id, 'Ours');
    await createBilling(who.headers, other.company.id, 'Theirs');
    const own = await get(`/api/home/billing/?company__id=${other.company.id}`, f.staff.headers);
    expect(own.json().results.map((b: Billing) => b.title)).toEqual(['Ours']);
    expect((await get('/api/home/billing/', f.paralegal.headers)).statusCode).toBe(403);
    const all = await get(`/api/home/billing/?company__id=${other.company.id}&is_paid=false`, who.headers);
    expect(all.json().results.map((b: Billing) => b.title)).toEqual(['Theirs']);
    const byTitle = await get('/api/home/billing/?title=theirs&limit=100', who.headers);
    expect(byTitle.json().results.every((b: Billing) => b.title.toLowerCase().includes('theirs'))).toBe(true);
  });
});

describe('exports', () => {
  it('writes the CSV of exactly the filtered lines, quoted, with formulas defused', async () => {
    const f = await firmWithWork();
    const who = await admin();
    const res = await get(`/api/invoices/${f.company.id}/csv/?status=Closed`, who.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]).toContain('Provider Cost');
    expect(rows).toHaveLength(3);
    expect(rows[1][3]).toContain('"North"');
    expect((await get(`/api/invoices/${f.company.id}/csv/`, f.staff.headers)).statusCode).toBe(403);
    const csv = linesCsv([
      {
        id: 1,
        request: {
          id: 1,
          internal_number: '=1+1',
          status: 'Closed - Documents Arrived',
          rush: false,
          created_at: '2026-01-01T12:00:00Z',
          client: 'A, B',
          provider: null,
        },
        price: '35.00',
        provider_cost: '0.00',
        page_fee: '0.00',
        auto_added_surcharge: '0.00',
        total: '35.00',
        bill_id: null,
        bill_title: null,
        is_paid: false,
        fee_approval: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toMatch(/^"'=1\+1",01\/01\/2026,"A, B",/);
  });

  it('renders the billing as a PDF the firm staff can download and read back', async () => {
    const f = await firmWithWork();
    const who = await admin();
    const billing = (await createBilling(who.headers, f.company.id, 'Spring invoice')).json() as Billing;
    const res = await get(`/api/home/billing/${billing.id}/pdf/`, f.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await openPdf(new Uint8Array(res.rawPayload));
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Spring invoice');
    expect(text).toContain(f.company.name);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Total due');
    expect(text).toContain('How to pay');
    const other = await firmWithWork();
    expect((await get(`/api/home/billing/${billing.id}/pdf/`, other.staff.headers)).statusCode).toBe(404);
    expect((await get(`/api/home/billing/${billing.id}/pdf/`, f.paralegal.headers)).statusCode).toBe(403);
  });
});
