import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, currentUser, json, pickerAnswers, provider, renderWithProviders, stubApi } from '../../test';
import { EditRequestScreen } from './EditRequestScreen';

/**
 * A submit the server may have stored although the answer never arrived (a timeout, a failure) is sent
 * again with the same Idempotency-Key, so the order is stored once.
 */
const pickers = pickerAnswers([client({ id: 7 })], [provider(11, 'Denver Health')]);

function api(orderAnswers: Response[]) {
  return stubApi((call) => {
    const picked = pickers(call);
    if (picked) return picked;
    if (call.path === '/api/home/requesttype/') return json([{ id: 2, name: 'Medical Records' }]);
    if (call.path === '/api/user/User/') return json([]);
    if (call.path === '/api/home/quote/') return json({ price: 38, rush: false, outcomes: [] });
    if (call.method === 'POST' && call.path === '/api/home/request/') return orderAnswers.shift();
    // The chosen client's earlier requests.
    if (call.path === '/api/home/request/')
      return json({ count: 0, next: null, previous: null, results: [] });
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('submitting a request again after a failure', () => {
  it('sends the same Idempotency-Key the second time', async () => {
    const calls = api([
      json({ error: 'Something went wrong on our side. Please try again.' }, 500),
      json({ count: 1, results: [] }, 201),
    ]);
    renderWithProviders(<EditRequestScreen params={['5']} path="editRequest/5" />, { user: currentUser() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Client, Pat/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Denver Health' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Medical Records' }));
    await user.type(screen.getByRole('textbox', { name: /Start Date/ }), '01/15/2020');
    await user.type(screen.getByRole('textbox', { name: /End Date/ }), '12/31/2022');

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/Please try again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/submitted/i)).toBeInTheDocument();

    const orders = calls.filter((c) => c.method === 'POST' && c.path === '/api/home/request/');
    expect(orders).toHaveLength(2);
    const [first, second] = orders.map((c) => c.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
  });
});
