import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { Form } from '../../ui';
import { OrderSigningOffer } from './OrderSigningOffer';

afterEach(() => vi.unstubAllGlobals());

const CLIENT = { id: 7, full_name: 'Pat Client', first_name: 'Pat', email: 'pat@example.test' };

const submitOrder = vi.fn(async () => {});

function orderForm(values: Record<string, unknown>) {
  return renderWithProviders(
    <Form onSubmit={submitOrder} submitLabel="Submit Request" initialValues={values}>
      <OrderSigningOffer />
    </Form>,
  );
}

const order = {
  patient: 7,
  provider: [11, 12],
  request_type: ['Medical Records'],
  start_date: '01/01/2022',
  end_date: '12/31/2024',
  legal_basis: 'authorization',
  hipaa_consent_url: '',
};

describe('the order form’s offer of a signing link', () => {
  it('warns that requests without an authorization cannot be sent, and sends a link naming the providers chosen', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/patient/7/') return json(CLIENT);
      if (call.path === '/api/home/patient/7/signing/')
        return json({ id: 3, status: 'sent', expires_at: '2026-12-05T00:00:00Z' });
      return undefined;
    });
    orderForm(order);
    expect(await screen.findByText('No HIPAA authorization yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send signing link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send signing link' });
    expect(within(dialog).getByLabelText(/Client's e-mail/)).toHaveValue('pat@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      request_ids: [],
      provider_ids: [11, 12],
      record_types: ['Medical Records'],
      dates_from: '2022-01-01',
      dates_to: '2024-12-31',
      email: 'pat@example.test',
    });
    // Sending the link does not submit the order around it.
    expect(submitOrder).not.toHaveBeenCalled();
  });

  it('asks for the providers first, and says nothing once a form is attached or for a subpoena', async () => {
    stubApi((call) => (call.path === '/api/home/patient/7/' ? json(CLIENT) : undefined));
    const { unmount } = orderForm({ ...order, provider: [] });
    expect(await screen.findByText(/Choose the providers first/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send signing link' })).toBeDisabled();
    unmount();
    const withForm = orderForm({ ...order, hipaa_consent_url: 'hipaa-forms/u1/consent.pdf' });
    expect(screen.queryByText('No HIPAA authorization yet')).toBeNull();
    withForm.unmount();
    orderForm({ ...order, legal_basis: 'subpoena' });
    expect(screen.queryByText('No HIPAA authorization yet')).toBeNull();
  });
});
