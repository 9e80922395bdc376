import { WEBHOOK_MSG } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentUser,
  firmStaffUser,
  internalStaffUser,
  json,
  renderWithProviders,
  stubApi,
} from '../../test';
import { WebhooksScreen } from './WebhooksScreen';

afterEach(() => vi.unstubAllGlobals());

const endpoint = {
  id: 5,
  url: 'https://hooks.example/direct-docs',
  events: ['request.created', 'request.records_ready'],
  created: '2026-11-02T15:00:00.000Z',
  created_by: { id: 9, full_name: 'Ann Attorney' },
  disabled_at: null,
  disabled_reason: null,
  failure_count: 0,
};
const failed = {
  id: 41,
  message_id: 'msg_abc',
  event: 'request.created',
  status: 'failed',
  attempts: 4,
  created: '2026-11-02T15:00:00.000Z',
  last_attempt_at: '2026-11-02T15:10:00.000Z',
  response_status: 500,
  response_ms: 120,
  last_error: 'HTTP 500: down',
  next_attempt_at: null,
  delivered_at: null,
};

function api(list: unknown[] = [endpoint]) {
  return stubApi((call) => {
    if (call.path === '/api/webhooks/' && call.method === 'GET') return json(list);
    if (call.path === '/api/webhooks/' && call.method === 'POST')
      return json({ id: 6, secret: 'whsec_c2hvd24tb25jZS1zZWNyZXQtMTIzNDU2Nzg=' }, 201);
    if (call.path === '/api/webhooks/5/deliveries/')
      return json({ count: 1, next: null, previous: null, results: [failed] });
    if (call.path === '/api/webhooks/deliveries/41/resend/') return json({ ...failed, status: 'pending' });
    return undefined;
  });
}

describe('WebhooksScreen', () => {
  it('is for a firm’s administrators: members and internal staff are told so and nothing is asked', () => {
    for (const user of [currentUser(), internalStaffUser()]) {
      const calls = api();
      const { unmount } = renderWithProviders(<WebhooksScreen />, { user });
      expect(screen.getByText(WEBHOOK_MSG.firmsOnly)).toBeInTheDocument();
      expect(calls).toHaveLength(0);
      unmount();
    }
  });

  it('says so when there are no endpoints yet', async () => {
    api([]);
    renderWithProviders(<WebhooksScreen />, { user: firmStaffUser() });
    expect(await screen.findByText(/No webhook endpoints yet/)).toBeInTheDocument();
  });

  it('registers an endpoint with its events and shows the secret once', async () => {
    const calls = api();
    renderWithProviders(<WebhooksScreen />, { user: firmStaffUser() });
    const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Endpoint URL/ }),
      'https://hooks.example/in',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MSG.eventsRequired)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: /Records ready/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add Endpoint' }));
    expect(await screen.findByTestId('new-webhook-secret')).toHaveTextContent(/^whsec_/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example/in',
      events: ['request.records_ready'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'I Have Saved It' }));
    expect(screen.queryByTestId('new-webhook-secret')).not.toBeInTheDocument();
  });

  it('opens an endpoint’s deliveries and sends a failed one again', async () => {
    const calls = api();
    renderWithProviders(<WebhooksScreen />, { user: firmStaffUser() });
    await userEvent.click(await screen.findByRole('button', { name: `Deliveries to ${endpoint.url}` }));
    const log = await screen.findByRole('region', { name: 'Deliveries' });
    const row = (await within(log).findByText('msg_abc')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('500 in 120 ms')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 500: down')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Send again msg_abc' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/webhooks/deliveries/41/resend/')).toBe(true),
    );
  });
});
