import { BILLING_MSG, type Billing, type InvoiceLine, type InvoicePage, STATUS } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import BillingsScreen from './BillingsScreen';
import InvoiceScreen from './InvoiceScreen';

/** A Direct Docs administrator: may edit lines, bill and mark billings paid. */
const admin = internalStaffUser({ id: 1, is_admin_user: true });

afterEach(() => vi.unstubAllGlobals());

const line = (values: Partial<InvoiceLine> = {}): InvoiceLine => ({
  id: 11,
  request: {
    id: 7,
    internal_number: '10007',
    status: STATUS.closedArrived,
    rush: false,
    created_at: '2026-03-02T12:00:00Z',
    client: 'Ada Lovelace',
    provider: 'Mercy Hospital',
  },
  price: '35.00',
  provider_cost: '10.00',
  page_fee: '0.00',
  auto_added_surcharge: '0.00',
  total: '45.00',
  bill_id: null,
  bill_title: null,
  is_paid: false,
  fee_approval: null,
  ...values,
});

const page = (results: InvoiceLine[], canEdit = true): InvoicePage => ({
  company: { id: 5, name: 'Smith Law Group' },
  count: results.length,
  next: null,
  previous: null,
  results,
  totals: {
    lines: results.length,
    price: '70.00',
    provider_cost: '10.00',
    page_fee: '0.00',
    auto_added_surcharge: '0.00',
    total: '80.00',
  },
  can_edit: canEdit,
});

describe('InvoiceScreen', () => {
  it('saves an unbilled line with PUT and shows Saved; a billed line has no inputs', async () => {
    const billed = line({
      id: 12,
      request: { ...line().request, id: 8, internal_number: '10008' },
      bill_id: 3,
      bill_title: 'March',
      is_paid: true,
    });
    const calls = stubApi((call) => {
      if (call.path === '/api/invoices/5/') return json(page([line(), billed]));
      if (call.path === '/api/invoice_billing/5') return json({ 3: 'March' });
      if (call.path === '/api/home/invoice/11/' && call.method === 'PUT')
        return json(line({ provider_cost: '12.50' }));
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, { user: admin });
    expect(await screen.findByRole('heading', { name: 'Invoice: Smith Law Group' })).toBeInTheDocument();
    const cost = screen.getByLabelText('Provider cost of request 10007');
    await userEvent.clear(cost);
    await userEvent.type(cost, '12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save the line of request 10007' }));
    expect(await screen.findByText(BILLING_MSG.saved)).toHaveAttribute('role', 'status');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ provider_cost: '12.50', auto_added_surcharge: '0.00' });
    expect(screen.queryByLabelText('Provider cost of request 10008')).not.toBeInTheDocument();
    expect(screen.getByText('$80.00', { selector: 'dd' })).toBeInTheDocument();
  });

  it('keeps Saved showing when saving gives a new line its id and the list reloads', async () => {
    let saved = false;
    stubApi((call) => {
      if (call.path === '/api/invoices/5/') return json(page([line(saved ? {} : { id: null })]));
      if (call.path === '/api/invoice_billing/5') return json({});
      if (call.path === '/api/home/invoice/' && call.method === 'POST') {
        saved = true;
        return json(line());
      }
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Save the line of request 10007' }));
    expect(await screen.findByText(BILLING_MSG.saved)).toBeInTheDocument();
    await waitFor(() => expect(saved).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText(BILLING_MSG.saved)).toHaveAttribute('role', 'status');
  });

  it('asks for a billing title in the spec wording and warns that open requests are left out', async () => {
    stubApi((call) => {
      if (call.path === '/api/invoices/5/') return json(page([line()]));
      if (call.path === '/api/invoice_billing/5') return json({});
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Create billing' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(BILLING_MSG.confirmCreate)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create billing' }));
    expect(await within(dialog).findByText(BILLING_MSG.titleRequired)).toBeInTheDocument();
  });

  it("checks the title with the route's own rules before sending, and names the billing as typed", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/invoices/5/') return json(page([line()]));
      if (call.path === '/api/invoice_billing/5') return json({});
      if (call.path === '/api/home/billing/' && call.method === 'POST')
        return json({ id: 3, title: 'March 2026' }, 201);
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, {
      user: admin,
      path: '/invoice/5/',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create billing' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Invoice Title' });
    await userEvent.type(title, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create billing' }));
    expect(await within(dialog).findByText(BILLING_MSG.titleRequired)).toBeInTheDocument();
    await userEvent.click(title);
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create billing' }));
    expect(await within(dialog).findByText(BILLING_MSG.titleTooLong)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.clear(title);
    await userEvent.type(title, 'March 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create billing' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ company: 5, title: 'March 2026' }),
    );
  });

  it('shows a firm its invoice without inputs, fee settings, CSV or billing, and who approved a charge', async () => {
    stubApi((call) => {
      if (call.path === '/api/invoices/5/')
        return json(
          page([line({ fee_approval: { by: 'Paula Legal', at: '2026-03-05T15:00:00.000Z' } })], false),
        );
      if (call.path === '/api/invoice_billing/5') return json({});
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, { user: admin });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    // A charge the firm had to approve says who approved it.
    expect(screen.getByText('Approved by Paula Legal on 03/05/2026')).toBeInTheDocument();
    expect(screen.queryByLabelText('Provider cost of request 10007')).not.toBeInTheDocument();
    for (const name of ['Fee settings', 'Download CSV', 'Create billing']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('an invoice line', () => {
  const open = (respond: (body: unknown) => Response) => {
    const calls = stubApi((call) => {
      if (call.path === '/api/invoices/5/') return json(page([line()]));
      if (call.path === '/api/invoice_billing/5') return json({});
      if (call.path === '/api/home/invoice/11/' && call.method === 'PUT') return respond(call.body);
      return undefined;
    });
    renderWithProviders(<InvoiceScreen params={['5']} path="/invoice/5/" />, { user: admin });
    return calls;
  };

  it('refuses an amount the line route would refuse, with its message under that amount, sending nothing', async () => {
    const calls = open(() => json(line()));
    const cost = await screen.findByLabelText('Provider cost of request 10007');
    await userEvent.clear(cost);
    await userEvent.type(cost, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save the line of request 10007' }));
    expect(cost).toHaveAccessibleDescription('Enter an amount such as 25.00');
    expect(screen.getByLabelText('Surcharge of request 10007')).not.toHaveAccessibleDescription();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.queryByText(BILLING_MSG.saved)).not.toBeInTheDocument();

    await userEvent.type(cost, '{Backspace}');
    expect(cost).not.toHaveAccessibleDescription();
  });

  it("shows the server's message for an amount under that amount", async () => {
    const message = 'Enter an amount such as 25.00';
    open(() => json({ error: message, fields: { auto_added_surcharge: message } }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'Save the line of request 10007' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Surcharge of request 10007')).toHaveAccessibleDescription(message),
    );
    expect(screen.getByLabelText('Provider cost of request 10007')).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BillingsScreen', () => {
  it('filters by paid status and marks a billing paid after confirmation', async () => {
    const billing: Billing = {
      id: 3,
      title: 'March 2026',
      company: { id: 5, name: 'Smith Law Group' },
      is_paid: false,
      paid_at: null,
      created_at: '2026-03-31T12:00:00Z',
      lines: 4,
      total: '180.00',
    };
    const calls = stubApi((call) => {
      if (call.path === '/api/home/billing/' && call.method === 'GET') {
        return json({ count: 1, next: null, previous: null, results: [billing] });
      }
      if (call.path === '/api/home/billing/3/')
        return json({ ...billing, is_paid: true, paid_at: '2026-04-02T12:00:00Z' });
      return undefined;
    });
    renderWithProviders(<BillingsScreen />, { user: admin });
    expect(await screen.findByRole('link', { name: 'March 2026' })).toHaveAttribute('href', '/invoice/5/3/');
    await userEvent.click(screen.getByRole('radio', { name: 'Not Paid' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('is_paid')).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid: March 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(BILLING_MSG.confirmPaid)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ is_paid: true }),
    );
  });
});
