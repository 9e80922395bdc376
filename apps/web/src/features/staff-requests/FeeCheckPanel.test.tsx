import type { RequestFeeCheck } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { FeeCheckPanel } from './FeeCheckPanel';

afterEach(() => vi.unstubAllGlobals());

const over: RequestFeeCheck = {
  cap: '175.00',
  charged: '180.00',
  overcharge: '5.00',
  verdict: 'over',
  rule: { id: 'tx-hospital', name: 'Texas hospital copies', citation: 'Tex. Health & Safety Code 241.154' },
  dispute_letter:
    'Dear Gulf Coast Hospital Medical Records Department,\n\nThe invoice exceeds that limit by $5.00.',
  delivered_pages: 248,
};

describe('the fee check on the Tracking card', () => {
  it('shows an overcharge with its statute, flags pages billed that were not delivered, and keeps the letter as a note', async () => {
    const calls = stubApi((call) => (call.path === '/api/home/notes/' ? json({ id: 1 }, 201) : undefined));
    const onNoted = vi.fn();
    renderWithProviders(<FeeCheckPanel requestId={21} check={over} billedPages={250} onNoted={onNoted} />);
    expect(screen.getByText('Over the legal cap')).toBeInTheDocument();
    expect(
      screen.getByText(/Tex\. Health & Safety Code 241\.154 allows at most \$175\.00/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The provider billed 250 pages; the PDFs delivered to the law firm have 248.'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dispute letter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fee dispute letter' });
    expect(within(dialog).getByRole('textbox', { name: 'Letter to the provider' })).toHaveValue(
      over.dispute_letter,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add as note' }));
    expect(await screen.findByText('Dispute letter added to the notes.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ request: 21, text: over.dispute_letter });
    expect(onNoted).toHaveBeenCalled();
  });

  it('says when the charge is within the cap, and warns of nothing while the pages match', () => {
    renderWithProviders(
      <FeeCheckPanel
        requestId={21}
        check={{ ...over, charged: '150.00', overcharge: '0.00', verdict: 'within', dispute_letter: null }}
        billedPages={248}
        onNoted={() => {}}
      />,
    );
    expect(screen.getByText('Within the legal cap')).toBeInTheDocument();
    expect(screen.queryByText('Pages do not match')).toBeNull();
  });
});
