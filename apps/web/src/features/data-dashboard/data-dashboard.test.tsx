import type { DataDashboard, EmployeeStats } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import { DataDashboardView } from './DataDashboardView';

afterEach(() => vi.unstubAllGlobals());

const periods = <T,>(v: T) => ({ day: v, week: v, month: v });
const tables = {
  ...periods({ created: 1, completed: 0, fees: null, request_received: 0 }),
  all: { created: 3, completed: 1, fees: null, request_received: 1 },
};
const employee = (id: number | null, name: string): EmployeeStats => ({
  id,
  name,
  total_employee_requests: 3,
  open: 2,
  closed: 1,
  overdue_requests: 1,
  total_received: 1,
  total_turnaround: 5,
  average_turnaround: 5,
  closed_requests_in_last: periods(0),
  fees_last: periods(null),
  notes_created_last: id === null ? null : periods(4),
  table_data: tables,
});

function dashboard(openOnly: boolean): DataDashboard {
  return {
    open_only: openOnly,
    can_view_fees: false,
    can_view_company_counts: false,
    total_law_firms: 2,
    total_employees: 1,
    total_requests: openOnly ? 2 : 3,
    open_requests: 2,
    closed_requests: openOnly ? 0 : 1,
    total_price: null,
    average_fee_per_completed_request: null,
    average_fee_per_closed_request: null,
    average_time: openOnly ? 0 : 5,
    closed_requests_in_last: periods(0),
    fees_in_last: periods(null),
    cards: {
      new_requests: 7,
      rush_requests: 1,
      unassigned_open_requests: 0,
      need_your_attention_requests: 0,
      requests_fifteen_days_old: 0,
      requests_thirty_days_old: 0,
      requests_fortyfive_days_old: 0,
      requests_fifteen_days_old_note: 0,
      requests_thirty_days_old_note: 0,
      requests_fortyfive_days_old_note: 0,
      today_reminder_requests: 0,
      old_reminder_requests: 0,
      requests_without_reminders: 0,
      requests_in_last_day: 0,
      requests_in_last_week: 0,
      requests_in_last_month: 0,
    },
    employees: { 4: employee(4, 'Marcus Reyes') },
    unassigned_requests: employee(null, 'Unassigned'),
    law_firms: {},
    table_data: tables,
  };
}

describe('DataDashboardView', () => {
  it('loads open requests first, closed ones on demand, and hides fees without the permission', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/dashboard/trends/') {
        return json({
          weeks: [{ week_start: '2026-02-09', opened: 3, closed: 1, average_turnaround: 4 }],
          open_by_age: [{ bucket: '0-7 days', count: 2 }],
        });
      }
      if (call.path === '/api/home/dashboard/')
        return json(dashboard(call.query.get('status_open') === 'true'));
      return undefined;
    });
    renderWithProviders(<DataDashboardView />, { user: internalStaffUser({ id: 4 }) });
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/home/dashboard/')?.query.get('status_open')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Requests opened and closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New Requests\s*7/ })).toHaveAttribute(
      'href',
      '/report/all/?card=new_requests',
    );
    expect(screen.getByRole('link', { name: 'Marcus Reyes' })).toHaveAttribute('href', '/report/employee/4/');
    expect(screen.queryByText('Total DD Fees for All Requests')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load Closed Requests' }));
    await waitFor(() => expect(screen.getAllByText('Loaded')).toHaveLength(2));
    expect(
      calls
        .filter((c) => c.path === '/api/home/dashboard/')
        .at(-1)
        ?.query.get('status_open'),
    ).toBeNull();
    expect(screen.getByText('5.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Tables' }));
    expect(screen.getByRole('heading', { name: 'Direct Docs' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: 'DD Fees' }).length).toBeGreaterThan(0);
  });

  it('shows the average fee per completed and per closed request beside the fees, to holders of view_fees', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/dashboard/trends/') return json({ weeks: [], open_by_age: [] });
      if (call.path === '/api/home/dashboard/') {
        return json({
          ...dashboard(call.query.get('status_open') === 'true'),
          can_view_fees: true,
          total_price: '118.01',
          fees_in_last: periods('0.00'),
          average_fee_per_completed_request: '29.00',
          average_fee_per_closed_request: '30.01',
        });
      }
      return undefined;
    });
    renderWithProviders(<DataDashboardView />, { user: internalStaffUser({ id: 4 }) });
    expect(await screen.findByText('Total DD Fees for All Requests')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load Closed Requests' }));
    expect(await screen.findByText('$118.01')).toBeInTheDocument();
    expect(screen.getByText('Average Fee per Completed Request').parentElement).toHaveTextContent('$29.00');
    expect(screen.getByText('Average Fee per Closed Request').parentElement).toHaveTextContent('$30.01');
  });

  it('Show Tables loads the closed requests first, instead of counting open ones only', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/dashboard/trends/') return json({ weeks: [], open_by_age: [] });
      if (call.path === '/api/home/dashboard/')
        return json(dashboard(call.query.get('status_open') === 'true'));
      return undefined;
    });
    renderWithProviders(<DataDashboardView />, { user: internalStaffUser({ id: 4 }) });
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Tables' }));
    expect(await screen.findByRole('heading', { name: 'Direct Docs' })).toBeInTheDocument();
    expect(screen.getAllByText('Loaded')).toHaveLength(2);
    expect(
      calls.filter((c) => c.path === '/api/home/dashboard/').map((c) => c.query.get('status_open')),
    ).toEqual(['true', null]);
  });
});
