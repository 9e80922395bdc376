import { FEE_APPROVAL_MSG, type FeeApproval } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { FeeApprovalsCard } from './FeeApprovalsCard';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/home/request/21/fee_approvals/';
const pending: FeeApproval = {
  id: 4,
  kind: 'charge',
  amount: '180.00',
  state: 'pending',
  fee_check: {
    cap: '175.00',
    charged: '180.00',
    overcharge: '5.00',
    verdict: 'over',
    rule: { id: 'tx-hospital', name: 'Texas hospital copies', citation: 'Tex. Health & Safety Code 241.154' },
  },
  asked_at: '2026-11-20T15:00:00.000Z',
  decided_at: null,
  decided_by: null,
  decline_action: null,
  decline_reason: null,
};

describe('the Provider Fees card', () => {
  it('lets the firm decline a fee over the legal cap and have it disputed, with a reason', async () => {
    let answered: FeeApproval | null = null;
    const calls = stubApi((call) => {
      if (call.path === URL) return json({ results: [answered ?? pending] });
      if (call.path === `${URL}4/decline/`) {
        answered = {
          ...pending,
          state: 'declined',
          decided_by: 'Paula Legal',
          decided_at: '2026-11-21T15:00:00.000Z',
          decline_action: 'dispute',
          decline_reason: 'Over the cap',
        };
        return json({ success: FEE_APPROVAL_MSG.declinedDispute, approval: answered });
      }
      return undefined;
    });
    renderWithProviders(<FeeApprovalsCard requestId={21} canAnswer />);
    expect(await screen.findByText('Copy charge: $180.00')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The provider charged $180.00; Tex. Health & Safety Code 241.154 allows at most $175.00. Overcharge: $5.00.',
      ),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this fee?' });
    expect(
      within(dialog).getByRole('radio', { name: 'Ask Direct Docs to dispute the charge' }),
    ).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Over the cap');
    await user.click(within(dialog).getByRole('button', { name: 'Decline Fee' }));
    expect(await screen.findByText(FEE_APPROVAL_MSG.declinedDispute)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'dispute',
      reason: 'Over the cap',
    });
    expect(
      await screen.findByText(
        /Declined by Paula Legal on 11\/21\/2026: ask direct docs to dispute the charge\./,
      ),
    ).toBeInTheDocument();
  });

  it('shows staff the waiting fee without the buttons, and nothing when there is no fee to approve', async () => {
    stubApi((call) => (call.path === URL ? json({ results: [pending] }) : undefined));
    const { unmount } = renderWithProviders(<FeeApprovalsCard requestId={21} canAnswer={false} />);
    expect(await screen.findByText(/the law firm has not answered yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    vi.unstubAllGlobals();
    const calls = stubApi((call) => (call.path === URL ? json({ results: [] }) : undefined));
    const { container } = renderWithProviders(<FeeApprovalsCard requestId={21} canAnswer />);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(URL));
    expect(container.querySelector('section')).toBeNull();
  });

  it('names a prepayment the provider demands, and approves it', async () => {
    const demanded: FeeApproval = { ...pending, id: 5, kind: 'prepayment', amount: '95.00', fee_check: null };
    const calls = stubApi((call) => {
      if (call.path === URL) return json({ results: [demanded] });
      if (call.path === `${URL}5/approve/`)
        return json({ success: FEE_APPROVAL_MSG.approved, approval: { ...demanded, state: 'approved' } });
      return undefined;
    });
    renderWithProviders(<FeeApprovalsCard requestId={21} canAnswer />);
    expect(await screen.findByText('Prepayment demanded: $95.00')).toBeInTheDocument();
    expect(screen.getByText(/will not release the records until it is paid/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve $95.00' }));
    expect(await screen.findByText(FEE_APPROVAL_MSG.approved)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${URL}5/approve/`)).toBe(true);
  });
});
