import { BACK_TO_REPORT, type ReportRequest, STAFF_REPORT_CARDS, type StaffReport } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import ReportsScreen from './ReportsScreen';

afterEach(() => vi.unstubAllGlobals());

const report: StaffReport = {
  subject: { kind: 'employee', id: 4, name: 'Marcus Reyes' },
  cards: Object.fromEntries(STAFF_REPORT_CARDS.map((key, i) => [key, i + 1])),
  total_received: 2,
  total_turnaround: 9,
  average_turnaround: 4.5,
};
const row: ReportRequest = {
  id: 21,
  internal_number: '10021',
  request_name: 'Pat Client: Medical Records',
  client: 'Pat Client',
  provider: 'Mercy Hospital',
  law_firm: 'Smith Law Group',
  paralegal: 'Paula Legal',
  claimed_by: 'Marcus Reyes',
  status: 'In Contact With Provider',
  rush: true,
  created_at: '2026-11-02T15:00:00.000Z',
  last_note_at: null,
  next_todo_date: '2026-11-30',
  finished_at: null,
  legal_basis: 'authorization',
  due_date: '2026-11-20',
  deadline_rule: 'Default: 30 days',
  deadline_status: 'overdue',
};

describe('an employee report', () => {
  it('shows the count cards and the table of the chosen card, with the way back to the full report', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/reports/staff/') return json(report);
      if (call.path === '/api/reports/staff/requests/') return json({ count: 1, results: [row] });
      return undefined;
    });
    renderWithProviders(<ReportsScreen params={['employee', '4']} path="report/employee/4" />, {
      path: '/report/employee/4/',
      address: true,
    });
    expect(await screen.findByRole('heading', { name: 'Marcus Reyes', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Average turnaround 4.50 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BACK_TO_REPORT })).toHaveAttribute('href', '/dashboard/');
    expect(calls.find((c) => c.path === '/api/reports/staff/')?.query.get('employee')).toBe('4');
    // Open requests are shown first.
    expect(screen.getByRole('button', { name: /Open Requests\s*1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: '10021' })).toHaveAttribute('href', '/request/21/');
    expect(screen.getByText('Pat Client: Medical Records')).toBeInTheDocument();
    // An overdue request is flagged here as on every list it appears in.
    expect(screen.getByText('11/20/2026')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Requests > 10 Days/ }));
    expect(screen.getByTestId('address')).toHaveTextContent('?card=requests_ten_days_old');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/reports/staff/requests/')
          .at(-1)
          ?.query.get('card'),
      ).toBe('requests_ten_days_old'),
    );
    expect(screen.getByRole('heading', { name: /Requests > 10 Days/, level: 2 })).toBeInTheDocument();
  });

  it('says so when the subject does not exist', async () => {
    stubApi((call) =>
      call.path === '/api/reports/staff/' ? json({ message: 'Not found' }, 404) : undefined,
    );
    renderWithProviders(<ReportsScreen params={['firm', '999']} path="report/firm/999" />);
    expect(await screen.findByText('This report is not available')).toBeInTheDocument();
  });
});

describe('the staff reports list', () => {
  it('links each employee and count of the assignment table, and paralegals to their open and closed requests', async () => {
    stubApi((call) => {
      if (call.path === '/api/reports/assignments/') {
        return json({
          results: [
            { id: 4, name: 'Marcus Reyes', cards: { open_requests: 3, rush_requests: 0 } },
            { id: null, name: 'Unassigned', cards: { open_requests: 2 } },
          ],
        });
      }
      if (call.path === '/api/reports/paralegals/') {
        return json({
          count: 1,
          results: [{ id: 9, name: 'Paula Legal', law_firm: 'Smith Law Group', open: 2, closed: 5 }],
        });
      }
      return undefined;
    });
    renderWithProviders(<ReportsScreen params={[]} path="report" />, { path: '/report/' });
    expect(await screen.findByRole('link', { name: 'Marcus Reyes' })).toHaveAttribute(
      'href',
      '/report/employee/4/',
    );
    expect(screen.getByRole('link', { name: 'Unassigned' })).toHaveAttribute(
      'href',
      '/report/employee/unassigned/',
    );
    expect(screen.getByRole('link', { name: 'Open Requests: Marcus Reyes' })).toHaveAttribute(
      'href',
      '/report/employee/4/?card=open_requests',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Paralegals' }));
    expect(await screen.findByRole('link', { name: 'View Open: Paula Legal' })).toHaveAttribute(
      'href',
      '/report/paralegal/9/?card=open_requests',
    );
    expect(screen.getByRole('link', { name: 'View Closed: Paula Legal' })).toHaveAttribute(
      'href',
      '/report/paralegal/9/?card=closed_requests',
    );
  });
});
