import { OUTCOME_MSG, type RequestOutcome, STATUS } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { FirmOutcomeCard } from './FirmOutcomeCard';
import { StaffOutcomeCard } from './StaffOutcomeCard';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/home/request/21/outcome/';
const quiet: RequestOutcome = {
  status: STATUS.initialRequestSent,
  rejection: null,
  certification: null,
  stale: { stale: false, waiting_business_days: 3, stale_after_business_days: 90, sent_on: '2026-11-20' },
};

describe('the firm’s view of the provider’s outcome', () => {
  it('shows nothing while the provider is within the firm’s limit', async () => {
    const calls = stubApi((call) => (call.path === URL ? json(quiet) : undefined));
    renderWithProviders(<FirmOutcomeCard requestId={21} />);
    await waitFor(() => expect(calls.some((c) => c.path === URL)).toBe(true));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a stale request for cancellation and cancels it only once the firm confirms', async () => {
    const stale = { ...quiet, stale: { ...quiet.stale, stale: true, waiting_business_days: 95 } };
    const calls = stubApi((call) => {
      if (call.path === URL) return json(stale);
      if (call.path === '/api/home/request/21/stale/cancel/')
        return json({ success: OUTCOME_MSG.staleCancelled, status: STATUS.cancelled, note_id: 1 });
      return undefined;
    });
    renderWithProviders(<FirmOutcomeCard requestId={21} />);
    expect(await screen.findByText(/has not answered in 95 business days/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(calls.some((c) => c.path.endsWith('/stale/cancel/'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the Request' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/stale/cancel/'))).toBe(true));
  });

  it('says why the provider rejected the request and what fixes it', async () => {
    stubApi((call) =>
      call.path === URL
        ? json({
            ...quiet,
            status: STATUS.requestRejected,
            rejection: {
              reason: 'wrong_provider',
              label: 'Wrong provider',
              fix: 'Tell us the right provider (or we move the request to it), then we send it again.',
              note: 'Dr. Lee left the practice.',
              rejected_at: '2026-11-25T15:00:00.000Z',
            },
          })
        : undefined,
    );
    renderWithProviders(<FirmOutcomeCard requestId={21} />);
    expect(await screen.findByText('The provider rejected this request: Wrong provider')).toBeInTheDocument();
    expect(screen.getByText('Dr. Lee left the practice.')).toBeInTheDocument();
  });
});

describe('the staff Provider Outcome card', () => {
  it('rejects only with a reason chosen, then offers the resend', async () => {
    const calls = stubApi((call) => {
      if (call.path === URL) return json(quiet);
      if (call.path === '/api/home/request/21/reject/')
        return json({ success: OUTCOME_MSG.rejected, status: STATUS.requestRejected, note_id: 1 });
      return undefined;
    });
    renderWithProviders(<StaffOutcomeCard requestId={21} status={STATUS.initialRequestSent} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request rejected' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark Request Rejected' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Why did the provider reject it/ }));
    await user.click(await screen.findByRole('option', { name: 'The provider’s fee was not paid' }));
    await user.click(confirm);
    await waitFor(() => {
      const sent = calls.find((c) => c.path.endsWith('/reject/'));
      expect(sent?.body).toEqual({ reason: 'fee_not_paid' });
    });
  });
});
