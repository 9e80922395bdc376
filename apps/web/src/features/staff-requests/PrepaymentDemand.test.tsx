import { PREPAYMENT_MSG } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { PrepaymentDemand } from './PrepaymentDemand';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/home/request/21/fee_approvals/prepayment/';

describe('recording a prepayment demand', () => {
  it('asks staff to confirm the amount, then records it with the provider’s reference', async () => {
    const calls = stubApi((call) =>
      call.path === URL ? json({ success: PREPAYMENT_MSG.asked, approval: null }) : undefined,
    );
    const onRecorded = vi.fn();
    renderWithProviders(<PrepaymentDemand requestId={21} onRecorded={onRecorded} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Prepayment Demand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provider demands prepayment' });
    await user.type(within(dialog).getByLabelText(/^Amount Demanded/), '95');
    await user.type(within(dialog).getByLabelText(/^Provider's Reference/), 'INV-2231');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(within(dialog).getByText(/the provider demands \$95\.00 before it releases/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record $95.00 Demand' }));

    expect(await screen.findByText(PREPAYMENT_MSG.asked)).toBeInTheDocument();
    expect(onRecorded).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 95,
      pages: null,
      medium: null,
      note: 'INV-2231',
    });
  });

  it('needs an amount, and shows the server’s refusal without closing', async () => {
    stubApi((call) => (call.path === URL ? json({ error: PREPAYMENT_MSG.closed }, 409) : undefined));
    const onRecorded = vi.fn();
    renderWithProviders(<PrepaymentDemand requestId={21} onRecorded={onRecorded} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Prepayment Demand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provider demands prepayment' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Enter an amount such as 25.00')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Amount Demanded/), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record $95.00 Demand' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PREPAYMENT_MSG.closed);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
