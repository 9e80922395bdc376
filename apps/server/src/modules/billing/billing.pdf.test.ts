import { type InvoiceLine, STATUS } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdfforms/pdf-pages';
import { invoicePdf } from './billing.pdf';

/** The invoice PDF shows long names and statuses whole, wrapped onto more lines, never cut short. */

const provider = 'Saint Elizabeth Regional Medical Center Health Information Management Department';
const line = (id: number, status: string): InvoiceLine => ({
  id,
  request: {
    id,
    internal_number: `DD-${id}`,
    status,
    rush: false,
    created_at: '2026-03-02T15:00:00Z',
    client: 'Maximiliana Alexandra Featherstonehaugh-Worthington',
    provider,
  },
  price: '35.00',
  provider_cost: '0.00',
  page_fee: '0.00',
  auto_added_surcharge: '0.00',
  total: '35.00',
  bill_id: 1,
  bill_title: 'March',
  is_paid: false,
  fee_approval: null,
});

describe('the invoice PDF', () => {
  it('wraps long provider, client and status names instead of cutting them, and names who approved a fee', async () => {
    const bytes = await invoicePdf({
      billing: {
        id: 1,
        title: 'March',
        company: { id: 1, name: 'Firm' },
        is_paid: false,
        paid_at: null,
        created_at: '2026-03-31T12:00:00Z',
        lines: 2,
        total: '70.00',
      },
      company: { name: 'Firm', address: [] },
      lines: [
        line(1, STATUS.closedOriginallyNone),
        {
          ...line(2, STATUS.completedArrived),
          fee_approval: { by: 'Paula Legal', at: '2026-03-05T15:00:00Z' },
        },
      ],
      totals: {
        lines: 2,
        price: '70.00',
        provider_cost: '0.00',
        page_fee: '0.00',
        auto_added_surcharge: '0.00',
        total: '70.00',
      },
      paymentInstructions: 'Pay by check.',
    });
    const doc = await openPdf(bytes);
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).not.toContain('...');
    expect(text).toContain(provider);
    expect(text).toContain(STATUS.closedOriginallyNone);
    // The charge the firm approved names who approved it.
    expect(text).toMatch(/Provider fee: approved by Paula ?Legal on ?03\/05\/2026/);
    // Broken after its hyphen: both halves are whole.
    expect(text).toMatch(/Featherstonehaugh- ?Worthington/);
  });
});
