import type { SigningRequest } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, requestDetail, stubApi } from '../../test';
import { SigningCard } from './SigningCard';

afterEach(() => vi.unstubAllGlobals());

const request = requestDetail();
const LIST = `/api/home/patient/${request.patient.id}/signing/`;
const signing = (over: Partial<SigningRequest>): SigningRequest => ({
  id: 1,
  status: 'sent',
  email: 'client@example.test',
  providers: ['Mercy Hospital'],
  request_ids: [request.id],
  record_types: ['Medical Records'],
  dates_from: null,
  dates_to: null,
  purpose: 'Legal claim',
  expiration: null,
  sent_at: '2026-11-20T15:00:00.000Z',
  expires_at: '2026-11-27T15:00:00.000Z',
  signed_at: null,
  signer_name: null,
  signed_as_representative: null,
  declined_at: null,
  decline_reason: null,
  document_url: null,
  document_sha256: null,
  authorization_expires_on: null,
  sent_by: 'Paula Legal',
  renewal_due: false,
  events: [],
  ...over,
});

describe('the Online Authorization card', () => {
  it('says when nothing was sent yet, and when the list cannot be loaded', async () => {
    stubApi((call) => (call.path === LIST ? json([]) : undefined));
    const { unmount } = renderWithProviders(<SigningCard request={request} />);
    expect(await screen.findByText(/No signing links yet/)).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    stubApi((call) => (call.path === LIST ? json({ error: 'Server error' }, 500) : undefined));
    renderWithProviders(<SigningCard request={request} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Signing links could not be loaded');
  });

  it('shows each link’s state, resends an open one and offers the signed PDF and renewal of an expiring one', async () => {
    const calls = stubApi((call) => {
      if (call.path === LIST)
        return json([
          signing({ id: 2, status: 'opened' }),
          signing({
            id: 1,
            status: 'signed',
            signed_at: '2026-11-21T15:00:00.000Z',
            document_url: 'hipaa-forms/signed/s1/x.pdf',
            authorization_expires_on: '2026-12-10',
            renewal_due: true,
          }),
        ]);
      if (call.path === `${LIST}2/resend/`) return json({ id: 2, status: 'sent', expires_at: 'x' });
      return undefined;
    });
    renderWithProviders(<SigningCard request={request} />);
    const rows = await screen.findAllByTestId('signing-row');
    expect(within(rows[0]).getByText('Opened')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Signed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Expires soon')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Signed PDF' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    await userEvent.setup().click(within(rows[0]).getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === `${LIST}2/resend/`)).toBe(true));
  });
});
