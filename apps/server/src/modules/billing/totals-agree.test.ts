import { BILLABLE_STATUSES, type Billing, type InvoicePage, toCents } from '@dd/shared';
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
import { invoices } from '../../db/schema';
import { openPdf } from '../pdfforms/pdf-pages';
import { get, post } from '../requests/requests.staff-fixtures';

/**
 * For any lines, the invoice's total, the billing's total, the CSV's total and the PDF's 'Total due'
 * are the same to the cent: every one is added up in whole cents from the same fees.
 */

const amount = fc.integer({ min: 0, max: 99_999 }).map((c) => c / 100);
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
