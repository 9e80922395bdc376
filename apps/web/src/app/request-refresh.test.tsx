/** A request changed on one screen shows changed on every list that shows it: the firm
 * dashboard's requests panel and the staff request list are fetched again after a resubmit. */
import { STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestsPanel } from '../features/dashboard/RequestsPanel';
import { EditRequestScreen } from '../features/requests';
import { RequestListScreen } from '../features/staff-list';
import {
  type ApiCall,
  client,
  internalStaffUser,
  json,
  pickerAnswers,
  provider,
  renderWithProviders,
  requestDetail,
  stubApi,
} from '../test';

// An internal staff member: sees the staff list and may edit a law firm's request.
const detail = requestDetail({ status: STATUS.requestedByLawyer });
const pickers = pickerAnswers(
  [client({ id: detail.patient_id })],
  [provider(detail.provider_id, 'Denver Health')],
);

function api() {
  return stubApi((call) => {
    const picked = pickers(call);
    if (picked) return picked;
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

/** GETs of a list; the request form's own look-up of the client's earlier requests does not count. */
const gets = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path && !c.query.has('patient'));

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
