import { nextDay, type RequestListItem, STATUS, todayIn } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, currentUser, json, renderWithProviders, setViewport, stubApi } from '../../test';
import { listQuery, readListState } from './list-params';
import { RequestListScreen } from './RequestListScreen';

const row = (id: number, overrides: Partial<RequestListItem> = {}): RequestListItem =>
  ({
    id,
    internal_number: String(10000 + id),
    status: STATUS.inContact,
    request_type: 'Medical Records',
    rush: false,
    created_at: '2024-05-01T15:00:00.000Z',
    next_todo_date: '2024-05-20',
    working_on_id: null,
    working_on: null,
    patient: { id: 3, full_name: `Client ${id}` },
    provider: { id: 4, name: 'Mercy Hospital' },
    company: { id: 5, name: 'Smith Law Group' },
    user: { id: 8, full_name: 'Paula Legal' },
    requester: { id: 9, full_name: 'Ann Attorney' },
    ...overrides,
  }) as RequestListItem;

let claimAnswer: () => Response;
/** The list answers `count` rows (two of them claimed or rush), page by page; `capped` as the server caps. */
function api(count = 2, capped = false) {
  return stubApi((call) => {
    if (call.path === '/api/home/request/' && call.method === 'GET') {
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 20);
      const ids = Array.from(
        { length: Math.max(0, Math.min(limit, count - offset)) },
        (_, i) => offset + i + 1,
      );
      return json({
        count,
        count_capped: capped,
        next:
          capped || offset + limit < count
            ? `/api/home/request/?offset=${offset + limit}&cursor=after${offset + limit}`
            : null,
        previous: offset > 0 ? `/api/home/request/?offset=${offset - limit}&cursor=before${offset}` : null,
        results: ids.map((id) =>
          id === 1
            ? row(1, { rush: true })
            : id === 2
              ? row(2, { working_on: { id: 7, full_name: 'Sam Staff' } })
              : row(id),
        ),
      });
    }
    if (call.path === '/api/home/request/1/' && call.method === 'POST') return claimAnswer();
    if (call.path === '/api/home/request/todo/') return json({ overdue: 2, due_today: 1, rush: 1 });
    if (call.path === '/api/user/User/') {
      return json([{ User: { id: 7, full_name: 'Sam Staff', is_staff: true, is_active: true } }]);
    }
    return undefined;
  });
}

const lists = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/api/home/request/' && c.method === 'GET');
const lastList = (calls: ApiCall[]) => lists(calls).at(-1)!;
const atList = { path: '/requestlist/', address: true };

beforeEach(() => {
  claimAnswer = () => json({ id: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setViewport('desktop');
});

describe('RequestListScreen', () => {
  it('shows the to-do list (due today or earlier, rush first) with what is due, and toggles to all requests', async () => {
    const calls = api();
    renderWithProviders(<RequestListScreen />, {
      ...atList,
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
    });
    expect(screen.getByRole('heading', { name: 'To Do List' })).toBeInTheDocument();
    await screen.findByText('Client 1');
    const first = lastList(calls).query;
    expect(first.get('next_todo_date__lt')).toBe(nextDay(todayIn(localStorage.getItem('timezone'))));
    expect(first.get('order_by')).toBe('-rush');
    expect(await screen.findByText('2 overdue')).toBeInTheDocument();
    expect(screen.getByText('1 due today')).toBeInTheDocument();
    expect(screen.getByText('1 rush')).toBeInTheDocument();
    expect(first.get('limit')).toBe('100');
    expect(first.get('related')).toContain('working_on');

    await userEvent.click(screen.getByRole('button', { name: 'Show All Requests' }));
    expect(screen.getByRole('heading', { name: 'All Requests' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show ToDo Tasks' })).toBeInTheDocument();
    await waitFor(() => expect(lastList(calls).query.has('next_todo_date__lt')).toBe(false));
    expect(lastList(calls).query.get('order_by')).toBe('-created_at');
    expect(screen.getByTestId('address')).toHaveTextContent('view=all');
  });

  it('sorts Client, Created At and Next Reminder ascending then descending', async () => {
    const calls = api();
    renderWithProviders(<RequestListScreen />, {
      ...atList,
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
    });
    await screen.findByText('Client 1');
    const order = () => lastList(calls).query.get('order_by');
    for (const [header, key] of [
      ['Client', 'patient__full_name'],
      ['Next Reminder Date', 'next_todo_date'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(order()).toBe(key));
      expect(screen.getByRole('columnheader', { name: header })).toHaveAttribute('aria-sort', 'ascending');
      await userEvent.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(order()).toBe(`-${key}`));
      expect(screen.getByRole('columnheader', { name: header })).toHaveAttribute('aria-sort', 'descending');
      await userEvent.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(order()).toBe(key));
    }
    // Created At starts newest first; the next click sorts it ascending.
    await userEvent.click(screen.getByRole('button', { name: 'Created At Date' }));
    await waitFor(() => expect(order()).toBe('created_at'));
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
  });

  it('shows the legal due date with overdue flagged, sorts by it and filters by where it stands', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/' && call.method === 'GET')
        return json({
          count: 2,
          next: null,
          previous: null,
          results: [
            row(1, { due_date: '2026-11-02', deadline_status: 'overdue', deadline_rule: 'HIPAA' }),
            row(2, { due_date: null, deadline_status: null }),
          ],
        });
      if (call.path === '/api/user/User/') return json([]);
      return undefined;
    });
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
      path: '/requestlist/?view=all',
      address: true,
    });
    const late = (await screen.findByText('Client 1')).closest('tr')!;
    expect(within(late).getByText('11/02/2026')).toBeInTheDocument();
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(screen.getByText('Client 2').closest('tr')!).getByText('Not sent yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Legal Due Date' }));
    await waitFor(() => expect(lastList(calls).query.get('order_by')).toBe('due_date'));

    await userEvent.click(screen.getByPlaceholderText('Any deadline'));
    await userEvent.click(await screen.findByRole('option', { name: 'Overdue 30+ days' }));
    await waitFor(() => expect(lastList(calls).query.get('deadline_status')).toBe('very_overdue'));
    expect(screen.getByTestId('address')).toHaveTextContent('deadline=very_overdue');
  });

  it('highlights rush rows with a Rush badge', async () => {
    api();
    renderWithProviders(<RequestListScreen />, {
      ...atList,
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
    });
    const rushRow = (await screen.findByText('Client 1')).closest('tr')!;
    const calmRow = screen.getByText('Client 2').closest('tr')!;
    expect(rushRow).toHaveAttribute('data-rush', 'true');
    expect(within(rushRow).getByText('Rush')).toBeInTheDocument();
    expect(calmRow).not.toHaveAttribute('data-rush');
    expect(within(calmRow).queryByText('Rush')).toBeNull();
    // The claimer sees themselves with Release; an unclaimed row offers Claim; View opens a new tab.
    expect(within(calmRow).getByText('You')).toBeInTheDocument();
    expect(within(calmRow).getByRole('button', { name: 'Release request 10002' })).toBeInTheDocument();
    expect(within(rushRow).getByRole('link', { name: /View request 10001/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('claims, and on a 409 says who holds the request and refreshes', async () => {
    const calls = api();
    claimAnswer = () =>
      json(
        {
          error: 'This request is already being worked on by Jo Other.',
          details: { working_on: { id: 12, full_name: 'Jo Other' } },
        },
        409,
      );
    renderWithProviders(<RequestListScreen />, {
      ...atList,
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
    });
    await screen.findByText('Client 1');
    const before = lists(calls).length;
    await userEvent.click(screen.getByRole('button', { name: 'Claim request 10001' }));
    expect(
      await screen.findByText('This request is already being worked on by Jo Other.'),
    ).toBeInTheDocument();
    const claim = calls.find((c) => c.method === 'POST');
    expect(claim?.body).toEqual({ working_on: 7 });
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('lists the archived requests, or only those to new providers, when their boxes are ticked', async () => {
    const calls = api();
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
      path: '/requestlist/?view=all&client=Ann',
      address: true,
    });
    await screen.findByText('Client 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Archived requests' }));
    await waitFor(() => expect(lastList(calls).query.get('archived')).toBe('true'));
    expect(screen.getByRole('checkbox', { name: 'Archived requests' })).toBeChecked();
    expect(screen.getByTestId('address')).toHaveTextContent('archived=true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'New providers only' }));
    await waitFor(() => expect(lastList(calls).query.get('new_provider')).toBe('true'));
    expect(lastList(calls).query.get('archived')).toBe('true');
    expect(lastList(calls).query.get('patient__full_name__icontains')).toBe('Ann');
  });

  it('folds the filters on a phone behind a Filters button that counts the active ones', async () => {
    api();
    setViewport('phone');
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
      path: '/requestlist/?view=all&client=Ann&rush=true',
      address: true,
    });
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Rush only' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Rush only' }));
    expect(await screen.findByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
  });

  it("pages with Prev and Next by the links' cursors and keeps filters in the address", async () => {
    const calls = api(250);
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
      path: '/requestlist/?view=all&status=Open&claimed=none',
      address: true,
    });
    expect(await screen.findByText('Showing 1–100 of 250')).toBeInTheDocument();
    expect(lastList(calls).query.get('status_open')).toBe('true');
    expect(lastList(calls).query.get('working_on')).toBe('none');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(calls).query.get('offset')).toBe('100'));
    expect(lastList(calls).query.get('cursor')).toBe('after100');
    expect(await screen.findByText('Showing 101–200 of 250')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('offset=100');
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(lastList(calls).query.get('cursor')).toBe('before100'));
    expect(lastList(calls).query.get('offset')).toBe('0');
    expect(await screen.findByText('Showing 1–100 of 250')).toBeInTheDocument();
    // Any other change starts again from the first page, without a cursor.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(calls).query.get('cursor')).toBe('after100'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Rush only' }));
    await waitFor(() => expect(lastList(calls).query.get('rush')).toBe('true'));
    expect(lastList(calls).query.get('cursor')).toBeNull();
    expect(lastList(calls).query.get('offset')).toBe('0');
  });

  it('shows a capped count as 10,000+ and still offers the next page', async () => {
    api(10_000, true);
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({ id: 7, full_name: 'Sam Staff', company_id: 1, is_internal: true, is_staff: true }),
      path: '/requestlist/?view=all&offset=9900',
      address: true,
    });
    expect(await screen.findByText('Showing 9,901–10,000 of 10,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('list parameters', () => {
  it('maps the address to the list call', () => {
    const state = readListState(
      new URLSearchParams(
        'firm=5&client=%20ann%20&status=Closed-x&claimed=12&order_by=-secret&size=300&offset=-4',
      ),
    );
    expect(state).toMatchObject({ firm: 5, claimed: '12', order: '-created_at', size: 300, offset: 0 });
    expect(listQuery(state, '2024-06-01')).toEqual({
      order_by: '-rush',
      limit: 300,
      offset: 0,
      next_todo_date__lt: '2024-06-02',
      patient__company: 5,
      patient__full_name__icontains: 'ann',
      status__icontains: 'Closed-x',
      working_on: '12',
    });
    expect(readListState(new URLSearchParams('size=150')).size).toBe(100);
  });

  it('asks for a deadline status and the due-date order from the address, and ignores anything else', () => {
    const state = readListState(new URLSearchParams('view=all&deadline=very_overdue&order_by=-due_date'));
    expect(state).toMatchObject({ deadline: 'very_overdue', order: '-due_date' });
    expect(listQuery(state, '2024-06-01')).toMatchObject({
      deadline_status: 'very_overdue',
      order_by: '-due_date',
    });
    const unknown = readListState(new URLSearchParams('view=all&deadline=late'));
    expect(unknown.deadline).toBe('');
    expect(listQuery(unknown, '2024-06-01')).not.toHaveProperty('deadline_status');
  });

  it('asks for rush only, new providers only and for the archived requests instead of the active ones', () => {
    const state = readListState(new URLSearchParams('view=all&rush=true&new_provider=true&archived=true'));
    expect(state).toMatchObject({ rush: true, newProvider: true, archived: true });
    expect(listQuery(state, '2024-06-01')).toMatchObject({
      rush: 'true',
      new_provider: 'true',
      archived: 'true',
    });
    const plain = listQuery(readListState(new URLSearchParams('view=all')), '2024-06-01');
    expect(plain).not.toHaveProperty('rush');
    expect(plain).not.toHaveProperty('new_provider');
    expect(plain).not.toHaveProperty('archived');
  });
});
