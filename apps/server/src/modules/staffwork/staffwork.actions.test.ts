import { STAFF_MSG, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { notes, requests } from '../../db/schema';
import { call, mailsTo, notesOf, requestRow, staffCase } from './staffwork.fixtures';

const url = (id: number, action: string) => `/api/home/request/${id}/${action}/`;

describe("POST /api/home/request/{id}/initial_sent/ ('I've sent the email')", () => {
  it('moves a new request to the sent status and records the note with its previous status', async () => {
    const c = await staffCase();
    const res = await call('POST', url(c.request.id, 'initial_sent'), c.staff.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(STATUS.initialRequestSent);
    expect((await requestRow(c.request.id)).status).toBe('Sent the Initial Medical Records Request');
    const [note] = await notesOf(c.request.id);
    expect(note).toMatchObject({
      id: res.json().note_id,
      text: 'Sent the Initial Medical Records Request',
      updateStatus: STATUS.initialRequestSent,
      previousStatus: STATUS.requestedByLawyer,
      userId: c.staff.user.id,
    });
    // An automated note: the firm is not e-mailed about it.
    expect(await mailsTo(c.contact.user.email)).toHaveLength(0);
  });

  it('is refused once the request has moved on and has notes, and allowed again after a resubmission', async () => {
    const c = await staffCase();
    await call('POST', url(c.request.id, 'initial_sent'), c.staff.headers, {});
    const again = await call('POST', url(c.request.id, 'initial_sent'), c.staff.headers, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(STAFF_MSG.alreadySent);
    expect(await notesOf(c.request.id)).toHaveLength(1);

    const { deps } = await getContext();
    await deps.db
      .update(requests)
      .set({ status: STATUS.requestedByLawyer })
      .where(eq(requests.id, c.request.id));
    const resent = await call('POST', url(c.request.id, 'initial_sent'), c.staff.headers, {});
    expect(resent.statusCode).toBe(200);
    expect(await notesOf(c.request.id)).toHaveLength(2);
  });
});

describe("POST /api/home/request/{id}/cancel/ ('Cancel The Request')", () => {
  it('cancels, stamps closed_date, adds the note, ends the reminders and e-mails the requester', async () => {
    const c = await staffCase({ status: STATUS.inContact });
    const { deps } = await getContext();
    await deps.db.insert(notes).values({
      text: 'Call back',
      requestId: c.request.id,
      companyId: c.company.id,
      reminderDate: '2030-01-01',
    });
    await deps.db.update(requests).set({ nextTodoDate: '2030-01-01' }).where(eq(requests.id, c.request.id));

    const res = await call('POST', url(c.request.id, 'cancel'), c.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(STATUS.cancelled);
    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({ status: 'Closed - Cancelled Request', nextTodoDate: null });
    expect(row.closedDate).toBeInstanceOf(Date);
    const all = await notesOf(c.request.id);
    expect(all.every((n) => n.reminderDate === null)).toBe(true);
    expect(all.at(-1)).toMatchObject({
      text: 'Request is Cancelled',
      updateStatus: STATUS.cancelled,
      previousStatus: STATUS.inContact,
    });
    const [mail] = await mailsTo(c.requester.user.email, 'request-cancelled');
    expect(mail.subject).toContain(`#${c.request.internalNumber}`);
    expect(mail.text).toContain(c.patient.fullName);
    expect(mail.text).toContain(c.provider.name);
    expect(mail.text).toContain(`http://app.test/request/${c.request.id}/`);
    expect(mail.html).toContain('Direct Docs');
    // The client had no other open request: the requester also hears that all are complete.
    const [complete] = await mailsTo(c.requester.user.email, 'client-complete');
    expect(complete.subject).toBe(`All requests for ${c.patient.fullName} are complete`);
    expect(complete.text).toContain('http://app.test/dashboard/');
    expect(await mailsTo(c.contact.user.email)).toHaveLength(0);
  });

  it('refuses a request that is already cancelled and keeps its closed date', async () => {
    const c = await staffCase();
    await call('POST', url(c.request.id, 'cancel'), c.staff.headers, {});
    const before = await requestRow(c.request.id);
    const again = await call('POST', url(c.request.id, 'cancel'), c.staff.headers, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(STAFF_MSG.alreadyCancelled);
    expect((await requestRow(c.request.id)).closedDate).toEqual(before.closedDate);
    expect(await notesOf(c.request.id)).toHaveLength(1);
    expect(await mailsTo(c.requester.user.email, 'request-cancelled')).toHaveLength(1);
  });

  it('does not announce the client complete while another of their requests is open', async () => {
    const c = await staffCase();
    const { deps } = await getContext();
    await createRequest(deps.db, {
      patientId: c.patient.id,
      companyId: c.company.id,
      userId: c.contact.user.id,
      status: STATUS.inContact,
    });
    await call('POST', url(c.request.id, 'cancel'), c.staff.headers, {});
    expect(await mailsTo(c.requester.user.email, 'request-cancelled')).toHaveLength(1);
    expect(await mailsTo(c.requester.user.email, 'client-complete')).toHaveLength(0);
  });
});
