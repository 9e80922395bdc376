import { type Billing, CERTIFICATION_REQUEST_TYPE, type InvoicePage, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ADMIN, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { openPdf } from '../pdfforms/pdf-pages';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';
import { get, post } from '../requests/requests.staff-fixtures';

/**
 * What a firm is quoted at order is what it is billed once its documents arrive: the order's answer,
 * the request's lines, the invoice, the billing, the CSV and the PDF all say the same amount.
 */

async function pdfText(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    parts.push((await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join(' ');
}

async function orderCompleteAndBill(options: {
  requestPrice?: number;
  rush: boolean;
  types: string[];
  status?: typeof STATUS.completedArrived | typeof STATUS.closedArrived;
}) {
  const { deps } = await getContext();
  const firm = await firmForRequests(options.requestPrice ? { requestPrice: options.requestPrice } : {});
  const ordered = await submit(
    firm.paralegal.headers,
    requestBody(firm, { rush: options.rush, request_type: options.types }),
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  const request = ordered.json().results[0] as { id: number; price: string };
  await deps.db
    .update(requests)
    .set({ status: options.status ?? STATUS.completedArrived })
    .where(eq(requests.id, request.id));
  const who = await signedIn(deps, INTERNAL_ADMIN);
  expect((await post('/api/home/invoice/', who.headers, { request: request.id })).statusCode).toBe(200);
  const lines = (await get(`/api/home/invoice/?request=${request.id}`, who.headers)).json();
  const invoice = (await get(`/api/invoices/${firm.company.id}/`, who.headers)).json() as InvoicePage;
  const billed = await post('/api/home/billing/', who.headers, { company: firm.company.id, title: 'Quoted' });
  expect(billed.statusCode, billed.body).toBe(201);
  const billing = billed.json() as Billing;
  const csv = await get(`/api/invoices/${firm.company.id}/csv/?billing=${billing.id}`, who.headers);
  const [row] = Papa.parse<Record<string, string>>(csv.body.trim(), { header: true }).data;
  const pdf = await get(`/api/home/billing/${billing.id}/pdf/`, who.headers);
  return {
    quoted: request.price,
    line: (lines.results ?? lines)[0].price as string,
    invoice: invoice.results[0].price,
    billing: billing.total,
    csv: row.Fee,
    pdf: await pdfText(new Uint8Array(pdf.rawPayload)),
  };
}

describe('a request bills the price it was quoted at order', () => {
  it('bills the certification type its flat price, rush or not', async () => {
    const seen = await orderCompleteAndBill({ rush: true, types: [CERTIFICATION_REQUEST_TYPE] });
    expect(seen.quoted).toBe('9.95');
    expect([seen.line, seen.invoice, seen.billing]).toEqual(['9.95', '9.95', '9.95']);
    expect(seen.csv).toBe('9.95');
    expect(seen.pdf).toContain('Total due');
    expect(seen.pdf).toContain('$9.95');
    expect(seen.pdf).not.toContain('$42.00');
  });

  it("bills a firm's own price, not the fee setting", async () => {
    const seen = await orderCompleteAndBill({ requestPrice: 38, rush: false, types: ['Medical Records'] });
    expect(seen.quoted).toBe('38.00');
    expect([seen.line, seen.invoice, seen.billing]).toEqual(['38.00', '38.00', '38.00']);
    expect(seen.csv).toBe('38.00');
    expect(seen.pdf).toContain('$38.00');
    expect(seen.pdf).not.toContain('$35.00');
  });

  it('bills the quoted price when the request is closed with its documents, like a completed one', async () => {
    const seen = await orderCompleteAndBill({
      requestPrice: 38,
      rush: true,
      types: ['Medical Records'],
      status: STATUS.closedArrived,
    });
    expect(seen.quoted).toBe('45.00');
    expect([seen.line, seen.invoice, seen.billing]).toEqual(['45.00', '45.00', '45.00']);
    expect(seen.csv).toBe('45.00');
    expect(seen.pdf).toContain('$45.00');
  });
});

describe('GET /api/home/quote/ (the order screen)', () => {
  it("quotes the firm's price and says what every outcome bills, as the order and the invoice will", async () => {
    const firm = await firmForRequests({ requestPrice: 38 });
    const res = await get(
      `/api/home/quote/?company=${firm.company.id}&rush=true&request_type=Medical%20Records`,
      firm.paralegal.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote.price).toBe('45.00');
    expect(quote.outcomes[0]).toEqual({ status: STATUS.completedArrived, fee: '45.00', quoted: true });
    const cancelled = quote.outcomes.find((o: { status: string }) => o.status === STATUS.cancelled);
    expect(cancelled.quoted).toBe(false);
    const certification = await get(
      `/api/home/quote/?company=${firm.company.id}&rush=true&request_type=${encodeURIComponent(CERTIFICATION_REQUEST_TYPE)}`,
      firm.paralegal.headers,
    );
    expect(certification.json().price).toBe('9.95');
    const other = await firmForRequests();
    const hidden = await get(`/api/home/quote/?company=${firm.company.id}`, other.paralegal.headers);
    expect(hidden.statusCode).toBe(404);
  });
});
