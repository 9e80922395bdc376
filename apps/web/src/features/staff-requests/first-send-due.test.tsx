import { type RequestNote, STATUS } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, requestDetail, staffInfo, stubApi } from '../../test';
import { StaffRequestScreen } from './StaffRequestScreen';

afterEach(() => vi.unstubAllGlobals());

const firmQuestion: RequestNote = {
  id: 40,
  text: 'Did you get the HIPAA form?',
  update_status: STATUS.waitingForDirectDocs,
  previous_status: STATUS.requestedByLawyer,
  reminder_date: null,
  created_at: '2024-05-02T10:00:00.000Z',
  request: 21,
  user: { id: 3, full_name: 'Paula Legal' },
};
const letter = { subject: 's', text: 'Dear Denver Health', to: null, attachments: [] };

describe('the staff request screen', () => {
  it('keeps the first-send view when the firm asked a question before the first send', async () => {
    const waiting = requestDetail({
      status: STATUS.waitingForDirectDocs,
      notes: [firmQuestion],
      first_send_due: true,
    });
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(waiting);
      if (call.path === '/api/home/request/21/first_send/') return json(letter);
      if (call.path === '/api/home/request/21/initial_sent/')
        return json({ status: STATUS.initialRequestSent, note_id: 41 });
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByRole('heading', { name: 'Send The Request' })).toBeInTheDocument();
    // The firm's question is in sight where staff work, not only in the Details Center.
    expect(screen.getByText('Did you get the HIPAA form?')).toBeInTheDocument();
    expect(screen.getByText('Latest note, from Paula Legal')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: "I've sent the email" }));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/initial_sent/'))).toBe(true);
  });

  it("names the cancel dialog's choices 'Keep the request' and 'Cancel the request'", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') return json(letter);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel The Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel the request' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the request' }));
    expect(calls.some((c) => c.path.endsWith('/cancel/'))).toBe(false);
  });

  it('shows loaders, never a false claim or reminder, while the staff facts load', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/request/21/')
        return json(requestDetail({ status: STATUS.inContact, first_send_due: false }));
      if (call.path === '/api/home/request/21/staff_info/') return new Promise<Response>(() => {});
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByRole('heading', { name: 'Request Details Center' })).toBeInTheDocument();
    expect(screen.queryByText('Nobody')).toBeNull();
    expect(screen.queryByText('No reminder set')).toBeNull();
    expect(screen.queryByText('None on file')).toBeNull();
    expect(screen.getAllByLabelText('Loading the staff details').length).toBeGreaterThan(0);
  });

  it('shows the claim and the reminder once the staff facts arrive', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/request/21/')
        return json(requestDetail({ status: STATUS.inContact, first_send_due: false }));
      if (call.path === '/api/home/request/21/staff_info/') return json(staffInfo());
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByText('Nobody')).toBeInTheDocument();
    expect(screen.getByText('No reminder set')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the staff details')).toBeNull();
  });
});
