import { FEE_LABELS, type FeeSettingsAnswer, requiredFieldMessage } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { FeeSettingsButton } from './FeeSettingsModal';

afterEach(() => vi.unstubAllGlobals());

const fees: FeeSettingsAnswer = {
  id: 1,
  completed_documents_arrived: '35.00',
  completed_documents_unavailable: '20.00',
  closed_documents_arrived: '35.00',
  closed_documents_unavailable: '20.00',
  cancelled: '10.00',
  rush: '7.00',
  closed_originally_no_document: '15.00',
  updated_at: '2026-03-01T12:00:00Z',
};
const { id: _id, updated_at: _updated, ...amounts } = fees;

const field = (label: string) => screen.getByLabelText(label, { exact: false });

async function openSettings(respond: (body: unknown) => Response) {
  const calls = stubApi((call) => {
    if (call.path !== '/api/home/price/1/') return undefined;
    return call.method === 'POST' ? respond(call.body) : json(fees);
  });
  renderWithProviders(<FeeSettingsButton />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Fee settings' }));
  await waitFor(() => expect(field(FEE_LABELS.rush)).toHaveValue('7.00'));
  return { user, posts: () => calls.filter((c) => c.method === 'POST') };
}

describe('fee settings', () => {
  it('sends the fees as typed and closes', async () => {
    const { user, posts } = await openSettings(() => json({ ...fees, rush: '8.50' }));
    await user.clear(field(FEE_LABELS.rush));
    await user.type(field(FEE_LABELS.rush), '8.50');
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save fees' })).not.toBeInTheDocument());
    expect(posts().map((c) => c.body)).toEqual([{ ...amounts, rush: '8.50' }]);
  });

  it("refuses a blank fee and a bad amount with the route's own messages under them, sending nothing", async () => {
    const { user, posts } = await openSettings(() => json(fees));
    await user.clear(field(FEE_LABELS.rush));
    await user.clear(field(FEE_LABELS.cancelled));
    await user.type(field(FEE_LABELS.cancelled), '10.005');
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() =>
      expect(field(FEE_LABELS.rush)).toHaveAccessibleDescription(requiredFieldMessage(FEE_LABELS.rush)),
    );
    expect(field(FEE_LABELS.cancelled)).toHaveAccessibleDescription('Enter an amount such as 25.00');
    expect(posts()).toEqual([]);
  });

  it("shows the server's message for a fee under that fee", async () => {
    const message = 'Enter an amount such as 25.00';
    const { user } = await openSettings(() => json({ error: message, fields: { cancelled: message } }, 400));
    await user.click(screen.getByRole('button', { name: 'Save fees' }));
    await waitFor(() => expect(field(FEE_LABELS.cancelled)).toHaveAccessibleDescription(message));
    expect(screen.getByRole('button', { name: 'Save fees' })).toBeInTheDocument();
  });
});
