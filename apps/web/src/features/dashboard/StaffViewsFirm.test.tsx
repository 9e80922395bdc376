import { BACK_TO_REPORT, FILE_MSG, type ReadyFile } from '@dd/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import DashboardScreen from './DashboardScreen';

/** Staff opening a firm's dashboard, or a user's through View Users Experience, see what the firm sees. */

afterEach(() => vi.unstubAllGlobals());

const downloaded: ReadyFile = {
  id: 40,
  name: 'Medical Records - Pat Client.pdf',
  url: 'provider-records/40.pdf',
  created_at: '2026-11-20T15:00:00.000Z',
  downloaded: true,
  request: { id: 21, internal_number: '10021' },
  patient: { id: 7, full_name: 'Pat Client' },
  provider: { id: 11, name: 'Mercy Hospital' },
};

function firmApi(user: { id: number; full_name: string } | null) {
  const empty = { count: 0, next: null, previous: null, results: [] };
  return stubApi((call) => {
    if (call.path === '/api/dashboard-info/5/') {
      return json({ company: { id: 5, name: 'Smith Law Group' }, user });
    }
    if (call.path === '/api/download-request/5/')
      return json({ ...empty, count: 1, results: [{ file: downloaded }] });
    if (call.path === '/api/user/User/') return json([]);
    if (call.path.startsWith('/api/')) return json(call.path === '/api/settings/' ? {} : empty);
    return undefined;
  });
}

describe("a firm's dashboard opened by staff", () => {
  it('names the firm, not the staff member, and shows downloaded records as the firm sees them', async () => {
    firmApi(null);
    renderWithProviders(<DashboardScreen params={['5']} path="dashboard/5" />, {
      user: internalStaffUser(),
      path: '/dashboard/5/',
    });
    expect(await screen.findByRole('heading', { name: 'Smith Law Group Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/^The firm's dashboard as its people see it/)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome, Sam/)).toBeNull();
    expect(screen.getByRole('link', { name: BACK_TO_REPORT })).toHaveAttribute('href', '/dashboard/');
    expect(
      await screen.findByRole('button', { name: new RegExp(`^${FILE_MSG.downloaded}`) }),
    ).toBeInTheDocument();
  });

  it("shows a user's view (View Users Experience) with their name and the same Downloaded state", async () => {
    firmApi({ id: 3, full_name: 'Paula Legal' });
    renderWithProviders(<DashboardScreen params={['5', '3']} path="dashboard/5/3" />, {
      user: internalStaffUser(),
      path: '/dashboard/5/3/',
    });
    expect(await screen.findByText(/^Viewing the dashboard of Paula Legal/)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: new RegExp(`^${FILE_MSG.downloaded}`) }),
    ).toBeInTheDocument();
  });
});
