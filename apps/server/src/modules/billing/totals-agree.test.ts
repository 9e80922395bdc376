import {
  BILLABLE_STATUSES,
  type Billing,
  type BillingReport,
  type CompletedWithFees,
  type DataDashboard,
  type InvoicePage,
  STATUS,
  toCents,
} from '@dd/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
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
import { getContext } from '../../../test/helpers';
import { invoices, requests } from '../../db/schema';
import { openPdf } from '../pdfforms/pdf-pages';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';
import { get, post } from '../requests/requests.staff-fixtures';

/**
 * For any lines, the invoice's total, the billing's total, the CSV's total and the PDF's 'Total due'
 * are the same to the cent: every one is added up in whole cents from the same fees.
 */

/** Dollar amounts with two decimals, the ones floats get wrong among them (0.10 + 0.20, large sums). */
const amount = fc.oneof(
  fc.integer({ min: 0, max: 99_999 }).map((c) => c / 100),
  fc.constantFrom(0.1, 0.2, 0.3, 1.15, 999_999.99, 234_567.9),
);
const lineArb = fc.record({
  status: fc.constantFrom(...BILLABLE_STATUSES),
  rush: fc.boolean(),
  price: amount,
  providerCost: amount,
  pageFee: amount,
  surcharge: amount,
});

async function pdfTotalDue(bytes: Uint8Array): Promise<string> {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(doc.numPages);
  const items = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str.trim() : ''));
  return items.slice(items.indexOf('Total due')).find((s) => s.startsWith('$')) ?? '';
}

describe('invoice, billing, CSV and PDF totals', () => {
  it('agree to the cent for random lines', async () => {
    const { deps } = await getContext();
    const who = await signedIn(deps, INTERNAL_ADMIN);
    const provider = await createProvider(deps.db);
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 6 }), async (lines) => {
        const company = await createCompany(deps.db);
        const patient = await createPatient(deps.db, company.id);
        for (const l of lines) {
          const r = await createRequest(deps.db, {
            patientId: patient.id,
            companyId: company.id,
            providerId: provider.id,
            status: l.status,
            rush: l.rush,
            price: l.price,
          });
          await deps.db.insert(invoices).values({
            requestId: r.id,
            companyId: company.id,
            providerCost: toCents(l.providerCost),
            pageFee: toCents(l.pageFee),
            autoAddedSurcharge: toCents(l.surcharge),
          });
        }
        const invoice = (
          await get(`/api/invoices/${company.id}/?billing=unbilled`, who.headers)
        ).json() as InvoicePage;
        const created = await post('/api/home/billing/', who.headers, { company: company.id, title: 'P' });
        const billing = created.json() as Billing;
        const csv = await get(`/api/invoices/${company.id}/csv/?billing=${billing.id}`, who.headers);
        const rows = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data;
        const csvCents = rows.reduce((sum, row) => sum + toCents(row.Total), 0);
        const pdf = await get(`/api/home/billing/${billing.id}/pdf/`, who.headers);
        const pdfCents = toCents((await pdfTotalDue(new Uint8Array(pdf.rawPayload))).replace(/[$,]/g, ''));
        const invoiceCents = toCents(invoice.totals.total);
        const lineCents = invoice.results.reduce((sum, l) => sum + toCents(l.total), 0);
        expect([lineCents, toCents(billing.total), csvCents, pdfCents]).toEqual([
          invoiceCents,
          invoiceCents,
          invoiceCents,
          invoiceCents,
        ]);
      }),
      { numRuns: 5 },
    );
  });
});

/**
 * Amounts a float would not keep, set through the API (the firm's price, ordered; the provider cost, the
 * staff's requisition call), read back on every path: the invoice, the billing, the CSV, the PDF, the
 * completed-with-fees table, the billing report and the data dashboard.
 */
describe('amounts that floats get wrong', () => {
  async function orderedWithCost(requestPrice: number, costs: string[]) {
    const { deps } = await getContext();
    const firm = await firmForRequests({ requestPrice });
    const staff = await signedIn(deps, INTERNAL_ADMIN);
    for (const [i, cost] of costs.entries()) {
      const ordered = await submit(
        firm.paralegal.headers,
        requestBody(firm, { provider: [firm.providers[i].id] }),
      );
      expect(ordered.statusCode, ordered.body).toBe(201);
      const { id } = ordered.json().results[0] as { id: number };
      await deps.db
        .update(requests)
        .set({ status: STATUS.completedArrived, completedDate: new Date() })
        .where(eq(requests.id, id));
      const priced = await post(`/api/home/request/${id}/`, staff.headers, {
        requisition_id: 'R',
        provider_cost: cost,
      });
      expect(priced.statusCode, priced.body).toBe(200);
    }
    return { company: firm.company, staff };
  }

  async function everyPath(companyId: number, headers: Record<string, string>) {
    const invoice = (await get(`/api/invoices/${companyId}/`, headers)).json() as InvoicePage;
    const completed = (await get(`/api/completed-requests-with-fees/?law_firm=${companyId}`, headers)).json()
      .results as CompletedWithFees[];
    const today = new Date().toISOString().slice(0, 10);
    const report = (
      await get(`/api/reports/billing/?from=${today}&to=${today}`, headers)
    ).json() as BillingReport;
    const dashboard = (await get('/api/home/dashboard/', headers)).json() as DataDashboard;
    const created = await post('/api/home/billing/', headers, { company: companyId, title: 'Exact' });
    expect(created.statusCode, created.body).toBe(201);
    const billing = created.json() as Billing;
    const csv = await get(`/api/invoices/${companyId}/csv/?billing=${billing.id}`, headers);
    const rows = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data;
    const pdf = await get(`/api/home/billing/${billing.id}/pdf/`, headers);
    return {
      lines: invoice.results.map((l) => [l.price, l.provider_cost, l.total]),
      totals: [invoice.totals.price, invoice.totals.provider_cost, invoice.totals.total],
      completed: completed.map((r) => [r.fee, r.provider_cost, r.total]),
      report: report.rows.filter((r) => r.company_id === companyId).map((r) => [r.fees, r.costs, r.total]),
      dashboard: dashboard.law_firms[String(companyId)]?.total_price,
      billing: billing.total,
      csv: rows.map((r) => [r.Fee, r['Provider Cost'], r.Total]),
      pdf: await pdfTotalDue(new Uint8Array(pdf.rawPayload)),
    };
  }

  it('keeps 0.10 + 0.20 at 0.30 everywhere', async () => {
    const { company, staff } = await orderedWithCost(0.1, ['0.20', '0.20']);
    const seen = await everyPath(company.id, staff.headers);
    const line = ['0.10', '0.20', '0.30'];
    expect(seen).toEqual({
      lines: [line, line],
      totals: ['0.20', '0.40', '0.60'],
      completed: [line, line],
      report: [['0.20', '0.40', '0.60']],
      dashboard: '0.20',
      billing: '0.60',
      csv: [line, line],
      pdf: '$0.60',
    });
  });

  it('keeps 1,234,567.89 to the cent everywhere', async () => {
    const { company, staff } = await orderedWithCost(999_999.99, ['234567.90']);
    const seen = await everyPath(company.id, staff.headers);
    const line = ['999999.99', '234567.90', '1234567.89'];
    expect(seen).toEqual({
      lines: [line],
      totals: line,
      completed: [line],
      report: [line],
      dashboard: '999999.99',
      billing: '1234567.89',
      csv: [line],
      pdf: '$1,234,567.89',
    });
  });
});
