import { FOLLOW_UP_MSG, type FollowUp, type FollowUpSchedule } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import { FollowUpsPanel } from './FollowUpsPanel';

afterEach(() => vi.unstubAllGlobals());

const row = (number: number, planned_on: string, overrides: Partial<FollowUp> = {}): FollowUp => ({
  id: number,
  number,
  planned_on,
  status: 'planned',
  channel: null,
  sent_at: null,
  note_id: null,
  skip_reason: null,
  skipped_by: null,
  pause_reason: null,
  letter: null,
  ...overrides,
});

const schedule = (follow_ups: FollowUp[], overrides: Partial<FollowUpSchedule> = {}): FollowUpSchedule => ({
  request: 21,
  next_follow_up: follow_ups.find((f) => f.status === 'planned')?.planned_on ?? null,
  paused: follow_ups.some((f) => f.status === 'paused'),
  by_letter: false,
  cadence: 'Business days 7, 14, 21 after the first send, then every 5',
  follow_ups,
  ...overrides,
});

const URL = '/api/home/request/21/follow_ups/';

describe('the Follow-ups panel', () => {
  it('shows the next follow-up and the schedule; staff skip one after confirming', async () => {
    const before = schedule([
      row(1, '2026-12-08', { status: 'sent', channel: 'email', sent_at: '2026-12-08T15:00:00.000Z' }),
      row(2, '2026-12-17'),
      row(3, '2026-12-29'),
    ]);
    const after = schedule([
      before.follow_ups[0],
      row(2, '2026-12-17', { status: 'skipped', skip_reason: 'staff', skipped_by: 'Dana Staff' }),
      row(3, '2026-12-29'),
    ]);
    let current = before;
    const calls = stubApi((call) => {
      if (call.path === URL) return json(current);
      if (call.path === `${URL}skip/`) {
        current = after;
        return json({ success: FOLLOW_UP_MSG.skipped, schedule: after });
      }
      return undefined;
    });
    renderWithProviders(<FollowUpsPanel requestId={21} canAct />, { user: internalStaffUser() });
    // The next one leads, and the table lists every one.
    expect(await screen.findAllByText('12/17/2026')).toHaveLength(2);
    expect(screen.getByText('E-mailed')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Follow-up 2 planned for 12/17/2026 will not be sent.');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Skipped by staff (Dana Staff)')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${URL}skip/`]);
  });

  it('is read-only for the firm, says when nothing is planned yet, and explains letters', async () => {
    stubApi((call) => (call.path === URL ? json(schedule([])) : undefined));
    const { unmount } = renderWithProviders(<FollowUpsPanel requestId={21} canAct={false} />);
    expect(await screen.findByText(/planned when the request is first sent/)).toBeInTheDocument();
    unmount();

    vi.unstubAllGlobals();
    stubApi((call) =>
      call.path === URL ? json(schedule([row(1, '2026-12-08')], { by_letter: true })) : undefined,
    );
    renderWithProviders(<FollowUpsPanel requestId={21} canAct={false} />);
    expect(await screen.findByText('No e-mail address for this provider')).toBeInTheDocument();
    expect(screen.getByText('Letter to print or fax')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('prints a sent letter for staff in a window of its own, as text', async () => {
    const letter = 'Dear Mercy Medical Records Department,\n\n<b>We are following up</b> on our request.';
    stubApi((call) =>
      call.path === URL
        ? json(
            schedule([row(1, '2026-12-08', { status: 'sent', channel: 'letter', note_id: 9, letter })], {
              by_letter: true,
            }),
          )
        : undefined,
    );
    const printed = document.implementation.createHTMLDocument('');
    const print = vi.fn();
    vi.spyOn(window, 'open').mockReturnValue({ document: printed, focus: vi.fn(), print } as never);
    renderWithProviders(<FollowUpsPanel requestId={21} canAct />, { user: internalStaffUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Print follow-up 1 letter' }));
    expect(print).toHaveBeenCalledOnce();
    expect(printed.title).toBe('Follow-up 1');
    expect(printed.body.textContent).toBe(letter);
    expect(printed.body.querySelector('b')).toBeNull();
    vi.mocked(window.open).mockRestore();
  });

  it('offers no actions while the request waits on the law firm', async () => {
    stubApi((call) =>
      call.path === URL
        ? json(schedule([row(1, '2026-12-08', { status: 'paused', pause_reason: 'waiting_on_firm' })]))
        : undefined,
    );
    renderWithProviders(<FollowUpsPanel requestId={21} canAct />, { user: internalStaffUser() });
    expect(await screen.findByText('None while paused')).toBeInTheDocument();
    expect(screen.getAllByText('Waiting on the law firm').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows an error when the schedule cannot be loaded', async () => {
    stubApi((call) => (call.path === URL ? json({ error: 'Server unavailable' }, 503) : undefined));
    renderWithProviders(<FollowUpsPanel requestId={21} canAct />, { user: internalStaffUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The follow-ups could not be loaded');
  });
});
