import { OUTBOX_MSG } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import OutboxScreen from './OutboxScreen';

afterEach(() => vi.unstubAllGlobals());

const failed = {
  id: 31,
  to_email: 'paula@smithlaw.example',
  subject: 'Your records are ready',
  text: 'Hello Paula,\nThe records for request 10021 are ready.',
  template: 'all-complete',
  status: 'failed',
  attempts: 8,
  last_error: '550 mailbox unavailable',
  created_at: '2026-11-20T15:04:00.000Z',
  sent_at: null,
};

describe('OutboxScreen', () => {
  it('opens a message with its dates, attempts and last error, and resends it after asking', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/email/outbox/') return json({ count: 1, results: [failed] });
      if (call.path === '/api/email/outbox/31/resend/') return json({ id: 31, success: OUTBOX_MSG.queued });
      return undefined;
    });
    renderWithProviders(<OutboxScreen />);
    await userEvent.click(await screen.findByText('Your records are ready'));
    const dialog = await screen.findByRole('dialog', { name: 'Your records are ready' });
    expect(within(dialog).getByText(/The records for request 10021 are ready/)).toBeInTheDocument();
    expect(within(dialog).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(dialog).getByText('8')).toBeInTheDocument();
    expect(within(dialog).getByText(/^11\/20\/2026 \d{1,2}:04 (AM|PM)$/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Again' }));
    expect(await screen.findByText(OUTBOX_MSG.queued)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/email/outbox/').length).toBeGreaterThan(1);
  });

  it("shows the server's refusal in the message and keeps it open", async () => {
    stubApi((call) => {
      if (call.path === '/api/email/outbox/')
        return json({ count: 1, results: [{ ...failed, status: 'sent' }] });
      if (call.path === '/api/email/outbox/31/resend/')
        return json({ error: OUTBOX_MSG.oneTimeLinkGone }, 409);
      return undefined;
    });
    renderWithProviders(<OutboxScreen />);
    await userEvent.click(await screen.findByText('Your records are ready'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Again' }));
    expect(await within(dialog).findByText(OUTBOX_MSG.oneTimeLinkGone)).toBeInTheDocument();
  });
});
