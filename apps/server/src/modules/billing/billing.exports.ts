import { addCents, formatDate, type InvoiceFilter, type InvoiceLine, toCents, toDollars } from '@dd/shared';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import { invoicePdf } from './billing.pdf';
import { billingById } from './billings.service';
import { allInvoiceLines } from './invoices.queries';
import { CSV_LINE_CAP, invoiceLinesForExport } from './invoices.service';

/** The invoice as a CSV of exactly the filtered lines, and a billing as a PDF invoice. */

const amount = (n: number) => n.toFixed(2);

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
        amount(l.price),
        amount(l.provider_cost),
        amount(l.page_fee),
        amount(l.auto_added_surcharge),
        amount(l.total),
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
  const [company] = await db.select().from(companies).where(eq(companies.id, billing.company.id));
  const lines = await allInvoiceLines(
    db,
    { companyId: billing.company.id, billing: billing.id, timezone: auth.timezone },
    CSV_LINE_CAP,
  );
  const totals = lines.reduce(
    (t, l) => ({
      lines: t.lines + 1,
      price: cents(t.price, l.price),
      provider_cost: cents(t.provider_cost, l.provider_cost),
      page_fee: cents(t.page_fee, l.page_fee),
      auto_added_surcharge: cents(t.auto_added_surcharge, l.auto_added_surcharge),
      total: cents(t.total, l.total),
    }),
    { lines: 0, price: 0, provider_cost: 0, page_fee: 0, auto_added_surcharge: 0, total: 0 },
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

/** Adds two dollar amounts through whole cents. */
const cents = (a: number, b: number) => toDollars(addCents(toCents(a), toCents(b)));
