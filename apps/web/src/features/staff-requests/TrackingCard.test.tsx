import { FEE_PAGES_MESSAGE, requiredFieldMessage } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, staffInfo, stubApi } from '../../test';
import { TrackingCard } from './TrackingCard';

afterEach(() => vi.unstubAllGlobals());

describe('the Tracking card', () => {
  it('records the clerical time and postage a provider itemized with its charge, for the fee check', async () => {
    const calls = stubApi((call) => (call.path === '/api/home/request/21/' ? json({ id: 21 }) : undefined));
    const onSaved = vi.fn();
    renderWithProviders(
      <TrackingCard
        requestId={21}
        info={staffInfo({ provider_cost: '60.00', provider_pages: 250, provider_medium: 'paper' })}
        onSaved={onSaved}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Clerical Minutes/), '45');
    await user.type(screen.getByLabelText(/^Postage/), '8.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      requisition_id: null,
      provider_cost: 60,
      pages: 250,
      medium: 'paper',
      clerical_minutes: 45,
      postage: 8.5,
    });
  });

  it('shows the recorded clerical time and postage, and sends a cleared clerical time as none', async () => {
    const calls = stubApi((call) => (call.path === '/api/home/request/21/' ? json({ id: 21 }) : undefined));
    renderWithProviders(
      <TrackingCard
        requestId={21}
        info={staffInfo({ provider_cost: '60.00', provider_clerical_minutes: 45, provider_postage: '8.50' })}
        onSaved={() => {}}
      />,
    );
    const minutes = screen.getByLabelText(/^Clerical Minutes/);
    expect(minutes).toHaveValue('45');
    expect(screen.getByLabelText(/^Postage/)).toHaveValue('$8.50');
    const user = userEvent.setup();
    await user.clear(minutes);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      clerical_minutes: null,
      postage: 8.5,
    });
  });

  it("refuses a blank cost and an impossible page count with the route's own messages, sending nothing", async () => {
    const calls = stubApi(() => undefined);
    const onSaved = vi.fn();
    renderWithProviders(
      <TrackingCard requestId={21} info={staffInfo({ provider_cost: '60.00' })} onSaved={onSaved} />,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Provider Cost/));
    await user.type(screen.getByLabelText(/^Pages Charged/), '2000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/^Provider Cost/)).toHaveAccessibleDescription(
        requiredFieldMessage('Provider Cost'),
      ),
    );
    expect(screen.getByLabelText(/^Pages Charged/)).toHaveAccessibleDescription(FEE_PAGES_MESSAGE);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's message for a field under that field", async () => {
    const negative = 'The provider fee cannot be negative.';
    stubApi((call) =>
      call.path === '/api/home/request/21/'
        ? json({ error: negative, fields: { provider_cost: negative } }, 400)
        : undefined,
    );
    const onSaved = vi.fn();
    renderWithProviders(
      <TrackingCard requestId={21} info={staffInfo({ provider_cost: '60.00' })} onSaved={onSaved} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/^Provider Cost/)).toHaveAccessibleDescription(negative),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
