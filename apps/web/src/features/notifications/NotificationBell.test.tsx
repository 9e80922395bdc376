import type { Notifications } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { NotificationBell } from './NotificationBell';

afterEach(() => vi.unstubAllGlobals());

const feed: Notifications = {
  unread: 1,
  results: [
    {
      id: 9,
      request: { id: 21, internal_number: '10021' },
      client: 'Pat Client',
      text: 'Records arrived from Mercy Hospital.',
      status_change: 'Provider Is Sending Documents',
      by: 'Sam Staff',
      at: '2026-11-27T15:00:00.000Z',
      unread: true,
    },
  ],
};

describe('the notification bell', () => {
  it('shows the unread count, lists what happened with a link to the request, and marks it read on opening', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/notifications/') return json(feed);
      if (call.path === '/api/notifications/seen/') return json({ success: 'Marked as read.' });
      return undefined;
    });
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dropdown).getByRole('link', { name: '#10021 · Pat Client' })).toHaveAttribute(
      'href',
      '/request/21/',
    );
    expect(within(dropdown).getByText('Status: Provider Is Sending Documents')).toBeInTheDocument();
    expect(within(dropdown).getByText('Records arrived from Mercy Hospital.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/seen/')).toBe(true);
  });

  it('closes on Escape while the focus is still on the bell, where opening it left the focus', async () => {
    stubApi((call) => (call.path === '/api/notifications/' ? json({ unread: 0, results: [] }) : undefined));
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(bell).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    expect(bell).toHaveFocus();
  });

  it('says so when nothing happened', async () => {
    stubApi((call) => (call.path === '/api/notifications/' ? json({ unread: 0, results: [] }) : undefined));
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Nothing new on your requests in the last 30 days.')).toBeInTheDocument();
  });
});
