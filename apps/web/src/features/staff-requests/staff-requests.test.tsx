import {
  HIPAA_MISSING,
  NOT_PROVIDED,
  type RequestFile,
  type RequestNote,
  STAFF_MSG,
  STATUS,
} from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  internalStaffUser,
  json,
  renderWithProviders,
  requestDetail,
  requestFile,
  staffInfo,
  stubApi,
} from '../../test';
import { SendToLawyerButton } from './SendToLawyerButton';
import { StaffRequestScreen } from './StaffRequestScreen';

afterEach(() => vi.unstubAllGlobals());

function file(overrides: Partial<RequestFile> = {}): RequestFile {
  return requestFile({
    name: 'chart.pdf',
    url: 'provider-records/u9/chart.pdf',
    created_at: '2024-05-03T10:00:00.000Z',
    abilities: { can_change_verification: true, can_archive: true },
    ...overrides,
  });
}

function note(overrides: Partial<RequestNote> = {}): RequestNote {
  return {
    id: 40,
    text: 'Sent the Initial Medical Records Request',
    update_status: STATUS.initialRequestSent,
    previous_status: STATUS.requestedByLawyer,
    reminder_date: null,
    created_at: '2024-05-02T10:00:00.000Z',
    request: 21,
    user: { id: 9, full_name: 'Sam Staff' },
    ...overrides,
  };
}

const verified = { id: 9, full_name: 'Sam Staff' };

describe('Send Request To Lawyer', () => {
  it('is disabled and labelled to verify while a medical document is unverified', () => {
    stubApi(() => undefined);
    renderWithProviders(
      <SendToLawyerButton
        requestId={21}
        files={[file({ verified_by: verified }), file({ id: 2 })]}
        onSent={() => {}}
      />,
      { user: internalStaffUser() },
    );
    const button = screen.getByRole('button', { name: STAFF_MSG.verifyAllFiles });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send Request To Lawyer' })).toBeNull();
  });

  it('ignores removed and supporting documents, asks first, sends, and says Email Sent!', async () => {
    const onSent = vi.fn();
    const calls = stubApi((call) =>
      call.path === '/api/home/request/21/send_to_lawyer/'
        ? json({ status: STATUS.completedArrived, note_id: 5 })
        : undefined,
    );
    renderWithProviders(
      <SendToLawyerButton
        requestId={21}
        files={[
          file({ verified_by: verified }),
          file({ id: 2, archived: true }),
          file({ id: 3, supporting_file: true }),
        ]}
        onSent={onSent}
      />,
      { user: internalStaffUser() },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Request To Lawyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the records to the law firm?' });
    expect(dialog).toHaveTextContent('1 document is ready');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email Sent!')).toBeInTheDocument();
    expect(onSent).toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/home/request/21/send_to_lawyer/']);
  });

  it('stays disabled when there is no medical document yet', () => {
    stubApi(() => undefined);
    renderWithProviders(
      <SendToLawyerButton requestId={21} files={[file({ supporting_file: true })]} onSent={() => {}} />,
      { user: internalStaffUser() },
    );
    expect(screen.getByRole('button', { name: 'Send Request To Lawyer' })).toBeDisabled();
    expect(screen.getByText('Upload the medical documents first.')).toBeInTheDocument();
  });
});

describe('staff request detail', () => {
  it("shows the first-send view until 'I've sent the email', then the Request Details Center", async () => {
    let current = requestDetail();
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(current);
      if (call.path === '/api/home/request/21/first_send/')
        return json({
          subject: 'Medical Records Request: Pat Client',
          text: 'Dear Denver Health Medical Records Department,',
          to: 'records@dh.example',
          attachments: [
            { label: 'HIPAA Authorization', url: 'hipaa-forms/u3/consent.pdf' },
            { label: 'Denver Health Request Form', url: 'https://dh.example/records' },
          ],
        });
      if (call.path === '/api/home/request/21/initial_sent/') {
        current = requestDetail({ status: STATUS.initialRequestSent, notes: [note()] });
        return json({ status: STATUS.initialRequestSent, note_id: 40 });
      }
      if (call.path === '/api/home/request/21/staff_info/') return json(staffInfo());
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByRole('heading', { name: 'Send The Request' })).toBeInTheDocument();
    expect(
      await screen.findByDisplayValue('Dear Denver Health Medical Records Department,'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'records@dh.example' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:records@dh\.example\?subject=Medical%20Records/),
    );
    expect(screen.getByRole('button', { name: 'Download consent.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'https://dh.example/records');
    expect(screen.getByRole('button', { name: 'Cancel The Request' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: "I've sent the email" }));
    expect(await screen.findByRole('heading', { name: 'Request Details Center' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/home/request/21/initial_sent/')).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: /Edit Request/ })).toHaveAttribute('href', '/editRequest/5/21/');
    expect(screen.getByRole('link', { name: /Split Request/ })).toHaveAttribute('href', '/split_request/21/');
    expect(screen.getByRole('link', { name: /Edit Provider/ })).toHaveAttribute(
      'href',
      '/editProvider/11/21/',
    );
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it("cancels after 'Are you sure?' and then shows the Details Center", async () => {
    let current = requestDetail();
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(current);
      if (call.path === '/api/home/request/21/first_send/')
        return json({ subject: 's', text: 't', to: null, attachments: [] });
      if (call.path === '/api/home/request/21/cancel/') {
        current = requestDetail({
          status: STATUS.cancelled,
          notes: [note({ text: 'Request is Cancelled', update_status: STATUS.cancelled })],
        });
        return json({ status: STATUS.cancelled, note_id: 41 });
      }
      if (call.path === '/api/home/request/21/staff_info/') return json(staffInfo({ archived: true }));
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const user = userEvent.setup();
    expect(await screen.findByText(/No e-mail address on file for Denver Health/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel The Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(calls.some((c) => c.path.endsWith('/cancel/'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByRole('heading', { name: 'Request Details Center' })).toBeInTheDocument();
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(screen.getAllByText('Request is Cancelled').length).toBeGreaterThan(0);
  });

  it('archives after confirming, and makes the request active again', async () => {
    let archived = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/' && call.method === 'POST') {
        archived = (call.body as { archived: boolean }).archived;
        return json(requestDetail());
      }
      if (call.path === '/api/home/request/21/') {
        return json(requestDetail({ status: STATUS.inContact, notes: [note()] }));
      }
      if (call.path === '/api/home/request/21/staff_info/') return json(staffInfo({ archived }));
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const user = userEvent.setup();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    // The kit's client has no HIPAA form on file: staff see it too.
    expect(screen.getByText(HIPAA_MISSING)).toBeInTheDocument();
    // Its unknown client code and address read 'Not provided'.
    expect(screen.getAllByText(NOT_PROVIDED)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this request?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(STAFF_MSG.archived)).toBeInTheDocument();
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make Active' }));
    expect(await screen.findByText(STAFF_MSG.unarchived)).toBeInTheDocument();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { archived: true },
      { archived: false },
    ]);
  });

  it("shows today's reminder in a banner and ends it", async () => {
    const today = dayjs().format('YYYY-MM-DD');
    let current = requestDetail({
      status: STATUS.inContact,
      notes: [
        note({ id: 50, text: 'Call the records desk again', update_status: null, reminder_date: today }),
        note({ id: 51, text: 'Later one', update_status: null, reminder_date: '2999-01-01' }),
      ],
    });
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(current);
      if (call.path === '/api/home/request/21/staff_info/') return json(staffInfo({ next_todo_date: today }));
      if (call.path === '/api/home/notetemplate/') return json([]);
      if (call.path === '/api/home/notes/50/') {
        current = requestDetail({
          status: STATUS.inContact,
          notes: current.notes.map((n) => (n.id === 50 ? { ...n, reminder_date: null } : n)),
        });
        return json(current.notes[0]);
      }
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const banner = await screen.findByRole('alert', { name: 'Reminder for today' });
    expect(within(banner).getByText('Call the records desk again')).toBeInTheDocument();
    expect(screen.queryAllByRole('alert', { name: 'Reminder for today' })).toHaveLength(1);
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'End Reminder' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Reminder for today' })).toBeNull());
    expect(calls.find((c) => c.path === '/api/home/notes/50/')?.body).toEqual({ reminder_date: null });
  });
});
