import { addBusinessDays, DEFAULT_FOLLOW_UP_BUSINESS_DAYS, STATUS, todayIn } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers, createProvider } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { call, mailsTo, notesOf, requestRow, staffCase } from './staffwork.fixtures';

/**
 * A client written only from the staff spec's section 7 works the whole staff workflow:
 * each call does what the screen's dedicated action does (same note, e-mails, follow-up, checks).
 */
const followUp = () => addBusinessDays(todayIn('UTC'), DEFAULT_FOLLOW_UP_BUSINESS_DAYS);

describe("the staff spec's calls, replayed", () => {
  it('claims, sends, notes, sets a reminder, prices, cancels and releases through the spec’s calls', async () => {
    const c = await staffCase();
    const url = `/api/home/request/${c.request.id}/`;
    const list = await call(
      'GET',
      '/api/home/request/?limit=100&offset=0&related=working_on',
      c.staff.headers,
    );
    expect(list.statusCode).toBe(200);

    expect((await call('POST', url, c.staff.headers, { working_on: c.staff.user.id })).statusCode).toBe(200);

    // The first send, as the spec's client records it: a note with the 'Medical Records Request Sent' status.
    const sent = await call('POST', '/api/home/notes/', c.staff.headers, {
      text: 'Sent the Initial Medical Records Request',
      update_status: 'Medical Records Request Sent',
      previous_status: STATUS.requestedByLawyer,
      user: c.staff.user.id,
      request: c.request.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      update_status: STATUS.initialRequestSent,
      previous_status: STATUS.requestedByLawyer,
    });
    expect(await requestRow(c.request.id)).toMatchObject({
      status: STATUS.initialRequestSent,
      nextTodoDate: followUp(),
    });

    const reminder = addBusinessDays(todayIn('UTC'), 2);
    const noted = await call('POST', '/api/home/notes/', c.staff.headers, {
      text: 'Provider confirmed receipt.',
      update_status: STATUS.inContact,
      reminder_date: reminder,
      request: c.request.id,
    });
    expect(noted.statusCode).toBe(201);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(reminder);
    const ended = await call('POST', `/api/home/notes/${noted.json().id}/`, c.staff.headers, {
      reminder_date: null,
    });
    expect(ended.statusCode).toBe(200);

    const priced = await call('POST', url, c.staff.headers, {
      requisition_id: 'RQ-1',
      provider_cost: '25.00',
    });
    expect(priced.statusCode).toBe(200);

    // Cancelling by status: the cancel action's note, e-mail and end of the To Do date.
    const cancelled = await call('POST', url, c.staff.headers, { status: STATUS.cancelled });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe(STATUS.cancelled);
    expect(await requestRow(c.request.id)).toMatchObject({ status: STATUS.cancelled, nextTodoDate: null });
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: 'Request is Cancelled',
      updateStatus: STATUS.cancelled,
      previousStatus: STATUS.inContact,
    });
    expect(await mailsTo(c.requester.user.email, 'request-cancelled')).toHaveLength(1);

    expect((await call('POST', url, c.staff.headers, { working_on: null })).statusCode).toBe(200);
    expect((await call('GET', `/api/home/notes/?request=${c.request.id}`, c.staff.headers)).statusCode).toBe(
      200,
    );
  });

  it('sends by {status}, keeps the send-to-lawyer gate, and moves other statuses with a status note', async () => {
    const c = await staffCase();
    const url = `/api/home/request/${c.request.id}/`;
    const sent = await call('POST', url, c.staff.headers, { status: 'Medical Records Request Sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await notesOf(c.request.id)).map((n) => n.text)).toEqual([
      'Sent the Initial Medical Records Request',
    ]);
    // The same first-send note sent afterwards (the spec's client records both) only adds the note.
    const again = await call('POST', '/api/home/notes/', c.staff.headers, {
      text: 'Sent the Initial Medical Records Request',
      update_status: 'Medical Records Request Sent',
      request: c.request.id,
    });
    expect(again.statusCode).toBe(201);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);

    const moved = await call('POST', url, c.staff.headers, { status: 'Documents en Route' });
    expect(moved.statusCode).toBe(200);
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      text: `Status changed to Documents en Route.`,
      updateStatus: STATUS.documentsEnRoute,
    });

    const gated = await call('POST', url, c.staff.headers, { status: STATUS.completedArrived });
    expect(gated.statusCode).toBe(409);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.documentsEnRoute);
    const back = await call('POST', url, c.staff.headers, { status: STATUS.requestedByLawyer });
    expect(back.statusCode).toBe(400);
    const unknown = await call('POST', url, c.staff.headers, { status: 'Lost' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses status changes from anyone but internal staff, and hides other firms’ requests', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    const who = await callers(deps);
    const url = `/api/home/request/${c.request.id}/`;
    for (const caller of [c.contact, who.firmStaff, who.internalUser]) {
      expect((await call('POST', url, caller.headers, { status: STATUS.cancelled })).statusCode).toBe(403);
    }
    const firmNote = await call('POST', '/api/home/notes/', c.contact.headers, {
      text: 'Please cancel',
      update_status: STATUS.cancelled,
      request: c.request.id,
    });
    // A firm's note always asks staff to respond; it cannot cancel.
    expect(firmNote.json().update_status).toBe(STATUS.waitingForDirectDocs);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.waitingForDirectDocs);
    const hidden = await call('POST', '/api/home/notes/', who.otherFirm.headers, {
      text: 'x',
      update_status: STATUS.cancelled,
      request: c.request.id,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('GET /api/home/request/{id}/ carries the claim, to-do date and requisition for staff, never for the firm', async () => {
    const c = await staffCase();
    const url = `/api/home/request/${c.request.id}/`;
    await call('POST', url, c.staff.headers, { working_on: c.staff.user.id });
    await call('POST', url, c.staff.headers, { requisition_id: 'RQ-7', provider_cost: '12.50' });
    const staffView = await call(
      'GET',
      `${url}?related=user,notes,notes__user,provider,patient`,
      c.staff.headers,
    );
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json()).toMatchObject({
      working_on: { id: c.staff.user.id, full_name: c.staff.user.fullName },
      next_todo_date: null,
      requisition_id: 'RQ-7',
      provider_cost: '12.50',
    });
    const firmView = (await call('GET', url, c.contact.headers)).json();
    for (const field of ['working_on', 'next_todo_date', 'requisition_id', 'provider_cost', 'first_send_due'])
      expect(firmView).not.toHaveProperty(field);
  });

  it('moves a request to another provider with {provider} alone (the provider merge), then deletes the old one', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    const into = await createProvider(deps.db, { verifiedAt: new Date() });
    const listed = await call('GET', `/api/home/request/?provider=${c.provider.id}`, c.staff.headers);
    expect(listed.json().results.map((r: { id: number }) => r.id)).toEqual([c.request.id]);
    const url = `/api/home/request/${c.request.id}/`;
    // Only internal staff move requests between providers.
    expect((await call('POST', url, c.contact.headers, { provider: into.id })).statusCode).toBe(403);
    const moved = await call('POST', url, c.staff.headers, { provider: into.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().provider_id).toBe(into.id);
    expect((await requestRow(c.request.id)).providerId).toBe(into.id);
    const unknown = await call('POST', url, c.staff.headers, { provider: 999_999_999 });
    expect(unknown.statusCode).toBe(400);
    const removed = await call('POST', `/api/home/provider/${c.provider.id}/delete/`, c.staff.headers, {});
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('splits as the spec does: creates the copies (not refused as duplicates of the original), then deletes it', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ authorization: 'none' });
    const second = await createProvider(deps.db, { verifiedAt: new Date() });
    const original = (await call('GET', `/api/home/request/${c.request.id}/`, c.staff.headers)).json();
    const copy = (provider: number, internal_number: string) => ({
      ...original,
      patient: original.patient_id,
      user: original.user_id,
      provider: [provider],
      request_type: original.request_types,
      internal_number,
    });
    // An ordinary order with the same client, contact and dates is still a duplicate.
    const { internal_number: _n, ...plain } = copy(c.provider.id, '');
    expect((await call('POST', '/api/home/request/', c.staff.headers, plain)).statusCode).toBe(409);

    const first = await call(
      'POST',
      '/api/home/request/',
      c.staff.headers,
      copy(c.provider.id, original.internal_number),
    );
    expect(first.statusCode, first.body).toBe(201);
    // A create answers {count, results}: one request per provider (decision 011).
    expect(first.json()).toMatchObject({ count: 1, results: [{ provider_id: c.provider.id }] });
    const later = await call(
      'POST',
      '/api/home/request/',
      c.staff.headers,
      copy(second.id, `${original.internal_number}-1`),
    );
    expect(later.statusCode, later.body).toBe(201);
    const deleted = await call('POST', `/api/home/request/${c.request.id}/delete/`, c.staff.headers, {});
    expect(deleted.statusCode).toBe(200);
    // The exemption is internal staff's: a law firm naming the number is still told it is a duplicate.
    const firm = await call('POST', '/api/home/request/', c.contact.headers, {
      ...copy(second.id, original.internal_number),
      user: c.contact.user.id,
    });
    expect(firm.statusCode).toBe(409);
  });

  it('lists requests with get_user_date_data (the flag is accepted and the list answered)', async () => {
    const c = await staffCase();
    const res = await call(
      'GET',
      '/api/home/request/?get_user_date_data=true&limit=100&offset=0&related=working_on',
      c.staff.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.some((r: { id: number }) => r.id === c.request.id)).toBe(true);
  });
});
