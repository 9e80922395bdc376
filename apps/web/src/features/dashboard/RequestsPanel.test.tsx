import { DASHBOARD_ORDER_KEYS, type DashboardRequest } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, renderWithProviders, stubApi } from '../../test';
import { groupByClient } from './DownloadRecordsPanel';
import { RequestsPanel } from './RequestsPanel';
import { orderFromSort, REQUEST_COLUMNS, sortFromOrder } from './request-columns';

const request = (id: number, overrides: Partial<DashboardRequest> = {}): { request: DashboardRequest } => ({
  request: {
    id,
    internal_number: String(10000 + id),
    created_at: '2024-05-01T15:00:00.000Z',
    start_date: '2020-01-01',
    end_date: '2022-12-31',
    status: 'In Contact With Provider',
    request_type: 'Medical Records',
    rush: false,
    patient: { id: 7, first_name: 'Pat', last_name: 'Client', full_name: 'Pat Client', company_id: 5 },
    provider: { id: 11, name: 'Mercy Hospital' },
    user: { id: 3, full_name: 'Paula Legal' },
    requester: { id: 3, full_name: 'Paula Legal' },
    days_old: 20,
    days_to_receive: null,
    received_document: false,
    days_to_download: null,
    legal_basis: 'authorization',
    due_date: null,
    deadline_rule: null,
    deadline_status: null,
    records_asked: 1,
    records_accounted: 0,
    ...overrides,
  },
});

function api() {
  return stubApi((call) => {
    if (call.path === '/api/requests-company/5/') {
      return json({ count: 2, next: null, previous: null, results: [request(1), request(2)] });
    }
    if (call.path === '/api/user/User/') return json([]);
    return undefined;
  });
}

const atDashboard = { path: '/dashboard/', address: true };
const lastList = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/requests-company/5/').at(-1)!;

afterEach(() => vi.unstubAllGlobals());

describe('RequestsPanel', () => {
  it('shows each request’s legal due date with its rule, flags overdue, and filters by deadline', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/requests-company/5/')
        return json({
          count: 2,
          next: null,
          previous: null,
          results: [
            request(1, {
              legal_basis: 'patient_access',
              due_date: '2026-11-02',
              deadline_rule: 'HIPAA right of access: 30 days (45 CFR 164.524(b)(2))',
              deadline_status: 'overdue',
            }),
            request(2),
          ],
        });
      if (call.path === '/api/user/User/') return json([]);
      return undefined;
    });
    renderWithProviders(
      <RequestsPanel target={{ companyId: 5 }} companyName="Smith Law Group" />,
      atDashboard,
    );
    const late = (await screen.findByText('10001')).closest('tr')!;
    expect(within(late).getByText('11/02/2026')).toBeInTheDocument();
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(late).getByText(/45 CFR 164\.524\(b\)\(2\)/)).toBeInTheDocument();
    expect(within(screen.getByText('10002').closest('tr')!).getByText('Not sent yet')).toBeInTheDocument();

    await userEvent.click(screen.getByPlaceholderText('Any deadline'));
    await userEvent.click(await screen.findByRole('option', { name: 'Due soon' }));
    await waitFor(() => expect(lastList(calls).query.get('deadline_status')).toBe('due_soon'));
    expect(screen.getByTestId('address')).toHaveTextContent('deadline=due_soon');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastList(calls).query.has('deadline_status')).toBe(false));
  });

  it('toggles between open and all requests, heading and button alike', async () => {
    const calls = api();
    renderWithProviders(
      <RequestsPanel target={{ companyId: 5 }} companyName="Smith Law Group" />,
      atDashboard,
    );
    expect(screen.getByRole('heading', { name: 'All Open Requests' })).toBeInTheDocument();
    await screen.findByText('10001');
    expect(lastList(calls).query.get('open_request')).toBe('Yes');

    await userEvent.click(screen.getByRole('button', { name: 'See All Requests' }));
    expect(screen.getByRole('heading', { name: 'All Requests' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See Only Open Requests' })).toBeInTheDocument();
    await waitFor(() => expect(lastList(calls).query.get('open_request')).toBe('No'));
    expect(screen.getByTestId('address')).toHaveTextContent('open=No');
  });

  it('sorts ascending, then descending, sending the spec order_by keys', async () => {
    const calls = api();
    renderWithProviders(
      <RequestsPanel target={{ companyId: 5 }} companyName="Smith Law Group" />,
      atDashboard,
    );
    await screen.findByText('10001');
    expect(lastList(calls).query.get('order_by')).toBe('-created_at');

    const header = (name: string) => within(screen.getByRole('columnheader', { name })).getByRole('button');
    await userEvent.click(header('Client'));
    await waitFor(() => expect(lastList(calls).query.get('order_by')).toBe('patient__full_name'));
    await userEvent.click(header('Client'));
    await waitFor(() => expect(lastList(calls).query.get('order_by')).toBe('-patient__full_name'));
    await userEvent.click(header('Paralegal'));
    await waitFor(() => expect(lastList(calls).query.get('order_by')).toBe('user__full_name'));
    expect(screen.getByTestId('address')).toHaveTextContent('order_by=user__full_name');
  });

  it('restores filters and sort from the address', async () => {
    const calls = api();
    renderWithProviders(
      <RequestsPanel target={{ companyId: 5, viewAsUserId: 3 }} companyName="Smith Law Group" />,
      { path: '/dashboard/5/3/?open=No&status=Closed&days_old=30&order_by=-status&page=2', address: true },
    );
    await screen.findByText('10001');
    const query = lastList(calls).query;
    expect(Object.fromEntries(query)).toMatchObject({
      open_request: 'No',
      status: 'Closed',
      days_old: '30',
      order_by: '-status',
      page: '2',
      page_size: '10',
      user: '3',
    });
  });
});

describe('sort mapping', () => {
  it('maps every sortable column to a spec order_by key', () => {
    const keys = REQUEST_COLUMNS.filter((c) => c.sortKey).map((c) => [c.title, c.sortKey]);
    expect(Object.fromEntries(keys)).toEqual({
      'Internal Request #': 'internal_number',
      'Date Request Submitted': 'created_at',
      Paralegal: 'user__full_name',
      Client: 'patient__full_name',
      Provider: 'provider__name',
      'Request From Date': 'start_date',
      'Request To Date': 'end_date',
      'Request Type': 'request_type',
      Status: 'status',
    });
    for (const [, key] of keys) expect(DASHBOARD_ORDER_KEYS).toContain(key);
  });

  it('converts between the table sort and order_by both ways', () => {
    expect(sortFromOrder('-days_old')).toEqual({ key: 'days_old', direction: 'desc' });
    expect(sortFromOrder('provider__name')).toEqual({ key: 'provider__name', direction: 'asc' });
    expect(sortFromOrder('password')).toEqual({ key: 'created_at', direction: 'desc' });
    expect(sortFromOrder(null)).toEqual({ key: 'created_at', direction: 'desc' });
    expect(orderFromSort({ key: 'status', direction: 'desc' })).toBe('-status');
  });

  it('groups a page of files by client in order of first appearance', () => {
    const file = (id: number, patient: number) => ({
      id,
      name: `f${id}.pdf`,
      url: `k${id}`,
      created_at: '2024-01-01T00:00:00.000Z',
      downloaded: false,
      request: { id, internal_number: String(id) },
      patient: { id: patient, full_name: `P${patient}` },
      provider: { id: 1, name: 'Mercy' },
    });
    const groups = groupByClient([file(1, 9), file(2, 4), file(3, 9)]);
    expect(groups.map((g) => [g.patient.id, g.files.map((f) => f.id)])).toEqual([
      [9, [1, 3]],
      [4, [2]],
    ]);
  });
});
