import { addBusinessDays, DEFAULT_FOLLOW_UP_BUSINESS_DAYS, nextDay, STATUS, todayIn } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { staffToday } from '../notes/notes.reminders';
import { firmForRequests, requestBody, submit } from '../requests/requests.fixtures';
import { internalStaff } from '../requests/requests.staff-fixtures';
import { call, requestRow, staffCase } from './staffwork.fixtures';

/**
 * Staff never miss a request: a new order is due at once, the first send and every staff note
 * schedule the follow-up some business days later, a reminder replaces it, a firm's note makes the request
 * due again, and a closed request is on nobody's list. Test users have no stored zone: today is UTC's.
 */
const utcToday = () => todayIn('UTC');
const followUp = () => addBusinessDays(utcToday(), DEFAULT_FOLLOW_UP_BUSINESS_DAYS);

async function todoIds(headers: Record<string, string>) {
  const res = await call(
    'GET',
    `/api/home/request/?next_todo_date__lt=${nextDay(utcToday())}&order_by=-rush&limit=500`,
    headers,
  );
  expect(res.statusCode).toBe(200);
  return (res.json().results as { id: number }[]).map((r) => r.id);
}

describe('the To Do list', () => {
  it('holds a brand-new rush order from the moment it is ordered, and the staff home counts it', async () => {
    const { deps } = await getContext();
    const firm = await firmForRequests();
    const staff = await internalStaff();
    const before = (await call('GET', '/api/home/request/todo/', staff.headers)).json();
    const res = await submit(firm.paralegal.headers, requestBody(firm, { rush: true }));
    expect(res.statusCode, res.body).toBe(201);
    const [created] = res.json().results as { id: number }[];

    const row = await requestRow(created.id);
    expect(row.nextTodoDate).toBe(await staffToday(deps.db));
    expect(row.nextTodoDate! <= utcToday()).toBe(true);
    expect(await todoIds(staff.headers)).toContain(created.id);

    const after = (await call('GET', '/api/home/request/todo/', staff.headers)).json();
    // At least one more: on PostgreSQL other test files order rush requests into the same staff list meanwhile.
    expect(after.overdue + after.due_today).toBeGreaterThanOrEqual(before.overdue + before.due_today + 1);
    expect(after.rush).toBeGreaterThanOrEqual(before.rush + 1);
  });

  it("schedules the follow-up business days after 'I've sent the email'", async () => {
    const c = await staffCase();
    const res = await call('POST', `/api/home/request/${c.request.id}/initial_sent/`, c.staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const row = await requestRow(c.request.id);
    expect(row).toMatchObject({
      status: STATUS.initialRequestSent,
      followUpDate: followUp(),
      nextTodoDate: followUp(),
    });
    expect(await todoIds(c.staff.headers)).not.toContain(c.request.id);
  });

  it('moves the follow-up with each staff note; a reminder replaces it; ending the reminder keeps it listed', async () => {
    const c = await staffCase({ status: STATUS.inContact });
    const note = (payload: object) =>
      call('POST', '/api/home/notes/', c.staff.headers, { request: c.request.id, ...payload });
    expect((await note({ text: 'Left a voicemail.' })).statusCode).toBe(201);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(followUp());

    const later = addBusinessDays(utcToday(), 20);
    const reminded = await note({ text: 'They promised in a month.', reminder_date: later });
    expect(reminded.statusCode).toBe(201);
    expect(await requestRow(c.request.id)).toMatchObject({ nextTodoDate: later, followUpDate: null });

    const ended = await call('POST', `/api/home/notes/${reminded.json().id}/`, c.staff.headers, {
      reminder_date: null,
    });
    expect(ended.statusCode).toBe(200);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(followUp());
  });

  it('makes the request due at once when the firm writes, and takes it off once it is closed', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    await call('POST', '/api/home/notes/', c.staff.headers, { request: c.request.id, text: 'Chasing.' });
    const firmNote = await call('POST', '/api/home/notes/', c.contact.headers, {
      request: c.request.id,
      text: 'Any news?',
    });
    expect(firmNote.statusCode).toBe(201);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(await staffToday(deps.db));

    const closed = await call('POST', '/api/home/notes/', c.staff.headers, {
      request: c.request.id,
      text: 'Nothing on file.',
      update_status: STATUS.closedUnavailable,
    });
    expect(closed.statusCode).toBe(201);
    expect(await requestRow(c.request.id)).toMatchObject({ nextTodoDate: null, followUpDate: null });
    expect(await todoIds(c.staff.headers)).not.toContain(c.request.id);
  });
});
