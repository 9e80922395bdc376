import type { DeadlineEscalation } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { DeadlineEscalationPanel } from './DeadlineEscalation';

const counts: DeadlineEscalation = {
  total: { due_soon: 3, overdue: 2, very_overdue: 0 },
  by_staff: [
    { user: { id: 7, full_name: 'Sam Staff' }, due_soon: 1, overdue: 2, very_overdue: 0 },
    { user: null, due_soon: 2, overdue: 0, very_overdue: 0 },
  ],
  by_firm: [{ company: { id: 5, name: 'Smith Law Group' }, due_soon: 3, overdue: 2, very_overdue: 0 }],
};

afterEach(() => vi.unstubAllGlobals());

describe('DeadlineEscalationPanel', () => {
  it('counts what is due soon and overdue, each count opening the list filtered the same way', async () => {
    stubApi((call) => (call.path === '/api/home/dashboard/deadlines/' ? json(counts) : undefined));
    renderWithProviders(<DeadlineEscalationPanel />);
    const overdue = await screen.findByRole('link', { name: '2 overdue: show them' });
    expect(overdue).toHaveAttribute('href', '/requestlist/?view=all&deadline=overdue');
    // Nothing 30 days overdue: a plain badge, no link to an empty list.
    expect(screen.getByText('0 overdue 30+ days')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /0 overdue 30\+ days/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show by staff member and law firm' }));
    expect(await screen.findByRole('link', { name: '2 overdue for Sam Staff' })).toHaveAttribute(
      'href',
      '/requestlist/?view=all&claimed=7&deadline=overdue',
    );
    expect(screen.getByRole('link', { name: '2 due soon for Unclaimed' })).toHaveAttribute(
      'href',
      '/requestlist/?view=all&claimed=none&deadline=due_soon',
    );
    expect(screen.getByRole('link', { name: '3 due soon for Smith Law Group' })).toHaveAttribute(
      'href',
      '/requestlist/?view=all&firm=5&deadline=due_soon',
    );
  });

  it('leaves the firms out for a caller without the permission to count per firm', async () => {
    stubApi((call) =>
      call.path === '/api/home/dashboard/deadlines/' ? json({ ...counts, by_firm: null }) : undefined,
    );
    renderWithProviders(<DeadlineEscalationPanel open />);
    expect(await screen.findByText('By staff member')).toBeInTheDocument();
    expect(screen.queryByText('By law firm')).toBeNull();
  });
});
