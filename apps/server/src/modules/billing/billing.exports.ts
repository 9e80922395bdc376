import {
  addCents,
  formatAmount,
  formatDate,
  type InvoiceFilter,
  type InvoiceLine,
  parseAmount,
} from '@dd/shared';
import Papa from 'papaparse';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { invoicePdf } from './billing.pdf';
import { companyRow } from './billing-companies.queries';
import { billingById } from './billings.service';
import { allInvoiceLines } from './invoices.queries';
import { CSV_LINE_CAP, invoiceLinesForExport } from './invoices.service';

/** The invoice as a CSV of exactly the filtered lines, and a billing as a PDF invoice. */

export function linesCsv(lines: InvoiceLine[]): string {
  return Papa.unparse(
    {
      fields: [
        'Request',
        'Date',
        'Client',
        'Provider',
        'Status',
        'Rush',
        'Fee',
        'Provider Cost',
        'Page Fee',
        'Surcharge',
        'Total',
        'Billing',
        'Paid',
      ],
      data: lines.map((l) => [
        l.request.internal_number ?? String(l.request.id),
        formatDate(l.request.created_at),
        l.request.client,
        l.request.provider ?? '',
        l.request.status,
        l.request.rush ? 'Yes' : 'No',
        // The API's amounts are already dollars with two decimals, as the CSV has always shown them.
        l.price,
        l.provider_cost,
        l.page_fee,
        l.auto_added_surcharge,
        l.total,
        l.bill_title ?? '',
        l.is_paid ? 'Yes' : 'No',
      ]),
    },
    // A cell starting with = + - @ is not run as a formula by a spreadsheet (CSV injection).
    { escapeFormulae: true, newline: '\r\n' },
  );
}

export async function invoiceCsv(db: DbOrTx, auth: Auth, companyId: number, filter: InvoiceFilter) {
  const { company, lines } = await invoiceLinesForExport(db, auth, companyId, filter);
  return { name: `${company.name} invoice.csv`, csv: `${linesCsv(lines)}\r\n` };
}

export async function billingPdf(
  db: DbOrTx,
  auth: Auth,
  billingId: number,
  paymentInstructions: string,
): Promise<{ name: string; pdf: Uint8Array }> {
  const billing = await billingById(db, auth, billingId);
  const company = await companyRow(db, billing.company.id);
  const lines = await allInvoiceLines(
    db,
    { companyId: billing.company.id, billing: billing.id, timezone: auth.timezone },
    CSV_LINE_CAP,
  );
  const totals = lines.reduce(
    (t, l) => ({
      lines: t.lines + 1,
      price: add(t.price, l.price),
      provider_cost: add(t.provider_cost, l.provider_cost),
      page_fee: add(t.page_fee, l.page_fee),
      auto_added_surcharge: add(t.auto_added_surcharge, l.auto_added_surcharge),
      total: add(t.total, l.total),
    }),
    { lines: 0, price: zero, provider_cost: zero, page_fee: zero, auto_added_surcharge: zero, total: zero },
  );
  const cityLine = [company.city, [company.state, company.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const pdf = await invoicePdf({
    billing,
    company: {
      name: company.name,
      address: [company.address1, company.address2, cityLine].filter((v): v is string => Boolean(v)),
    },
    lines: [...lines].reverse(),
    totals,
    paymentInstructions,
  });
  return { name: `Invoice ${billing.id} - ${billing.title}.pdf`, pdf };
}

/** Adds two of the API's amounts through whole cents. */
const add = (a: string, b: string) => formatAmount(addCents(parseAmount(a), parseAmount(b)));
const zero = '0.00';
