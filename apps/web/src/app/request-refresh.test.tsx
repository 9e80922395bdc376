/** A request changed on one screen shows changed on every list that shows it: the firm
 * dashboard's requests panel and the staff request list are fetched again after a resubmit. */
import { STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestsPanel } from '../features/dashboard/RequestsPanel';
import { EditRequestScreen } from '../features/requests';
import { RequestListScreen } from '../features/staff-list';
import { type ApiCall, internalStaffUser, json, renderWithProviders, requestDetail, stubApi } from '../test';

// An internal staff member: sees the staff list and may edit a law firm's request.
// The pickers have their own tests; here they only need to render.
vi.mock('../features/clients', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/clients')>()),
  ClientPicker: () => null,
}));
vi.mock('../features/providers', () => ({ ProviderPicker: () => null }));

const detail = requestDetail({ status: STATUS.requestedByLawyer });

function api() {
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === `/api/home/request/${detail.id}/`)
      return json({ id: detail.id });
    if (call.path === `/api/home/request/${detail.id}/`) return json(detail);
    if (call.path === '/api/home/request/')
      return json({ count: 0, next: null, previous: null, results: [] });
    if (call.path === '/api/requests-company/5/') {
      return json({ count: 0, next: null, previous: null, results: [] });
    }
    if (call.path === '/api/home/requesttype/') return json([{ id: 2, name: 'Medical Records' }]);
    if (call.path === '/api/user/User/') return json([]);
    return undefined;
  });
}

const gets = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

afterEach(() => vi.unstubAllGlobals());

describe('after a request is resubmitted', () => {
  it('fetches the firm dashboard requests and the staff request list again', async () => {
    const calls = api();
    renderWithProviders(
      <>
        <RequestsPanel target={{ companyId: 5 }} companyName="Smith Law" />
        <RequestListScreen />
        <EditRequestScreen params={['5', String(detail.id)]} path={`editRequest/5/${detail.id}`} />
      </>,
      { user: internalStaffUser(), path: `/editRequest/5/${detail.id}/` },
    );
    const resubmit = await screen.findByRole('button', { name: 'Resubmit Request' });
    await waitFor(() => {
      expect(gets(calls, '/api/requests-company/5/')).not.toHaveLength(0);
      expect(gets(calls, '/api/home/request/')).not.toHaveLength(0);
    });
    const dashboardBefore = gets(calls, '/api/requests-company/5/').length;
    const staffListBefore = gets(calls, '/api/home/request/').length;

    await userEvent.click(resubmit);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => {
      expect(gets(calls, '/api/requests-company/5/').length).toBeGreaterThan(dashboardBefore);
      expect(gets(calls, '/api/home/request/').length).toBeGreaterThan(staffListBefore);
    });
  });
});
