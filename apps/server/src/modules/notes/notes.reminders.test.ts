import {
  addBusinessDays,
  DEFAULT_FOLLOW_UP_BUSINESS_DAYS,
  MSG,
  STAFF_MSG,
  STATUS,
  todayIn,
} from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { notes, requests, users } from '../../db/schema';
import { call, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

/** Reminders: set with a staff note, ended or moved with POST /api/home/notes/{id}/, next_todo_date follows. */
const addNote = (headers: Record<string, string>, payload: object) =>
  call('POST', '/api/home/notes/', headers, payload);
const setReminder = (headers: Record<string, string>, id: number, payload: object) =>
  call('POST', `/api/home/notes/${id}/`, headers, payload);

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('reminders on staff notes', () => {
  it('keeps next_todo_date at the earliest active reminder of the request', async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const today = todayIn(null);
    const followUp = addBusinessDays(today, DEFAULT_FOLLOW_UP_BUSINESS_DAYS);
    const later = await addNote(c.staff.headers, {
      text: 'Check in two weeks',
      request: c.request.id,
      reminder_date: shift(today, 14),
    });
    expect(later.json().reminder_date).toBe(shift(today, 14));
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(shift(today, 14));
    const soon = await addNote(c.staff.headers, {
      text: 'Today',
      request: c.request.id,
      reminder_date: today,
    });
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(today);
    // A note without a reminder only schedules the follow-up; an inactive note's reminder does not count.
    await addNote(c.staff.headers, { text: 'Plain', request: c.request.id });
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(today);
    await deps.db.update(notes).set({ active: false }).where(eq(notes.id, later.json().id));

    const ended = await setReminder(c.staff.headers, soon.json().id, { reminder_date: null });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: soon.json().id, reminder_date: null, text: 'Today' });
    // With no reminder left, the follow-up the plain note scheduled is what keeps it on the list.
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(followUp);

    const moved = await setReminder(c.staff.headers, soon.json().id, { reminder_date: shift(today, 3) });
    expect(moved.json().reminder_date).toBe(shift(today, 3));
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(shift(today, 3));
  });

  it("refuses a reminder before today in the caller's time zone and changes nothing", async () => {
    const { deps } = await getContext();
    const c = await staffCase({ status: STATUS.inContact });
    const yesterday = shift(todayIn(null), -1);
    const res = await addNote(c.staff.headers, {
      text: 'Back-dated',
      request: c.request.id,
      reminder_date: yesterday,
      update_status: STATUS.documentsEnRoute,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: STAFF_MSG.reminderInPast,
      fields: { reminder_date: STAFF_MSG.reminderInPast },
    });
    expect(await notesOf(c.request.id)).toHaveLength(0);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.inContact);

    // 'Today' is the staff member's own: in Kiritimati (UTC+14) it is already tomorrow most of the time.
    await deps.db.update(users).set({ timezone: 'Pacific/Kiritimati' }).where(eq(users.id, c.staff.user.id));
    const ahead = todayIn('Pacific/Kiritimati');
    const early = await addNote(c.staff.headers, {
      text: 'x',
      request: c.request.id,
      reminder_date: shift(ahead, -1),
    });
    expect(early.statusCode).toBe(400);
    const ok = await addNote(c.staff.headers, { text: 'x', request: c.request.id, reminder_date: ahead });
    expect(ok.statusCode).toBe(201);
    const past = await setReminder(c.staff.headers, ok.json().id, { reminder_date: shift(ahead, -1) });
    expect(past.statusCode).toBe(400);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(ahead);
  });
});

describe('POST /api/home/notes/{id}/', () => {
  it('is for internal users only, on requests they can see, with a valid body', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const c = await staffCase({ status: STATUS.inContact });
    const note = (
      await addNote(c.staff.headers, { text: 'x', request: c.request.id, reminder_date: '2030-01-01' })
    ).json();
    for (const caller of [c.contact, who.firmStaff, who.otherFirm]) {
      const res = await setReminder(caller.headers, note.id, { reminder_date: null });
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await setReminder({}, note.id, { reminder_date: null });
    expect(anonymous.statusCode).toBe(401);
    // An internal user who has not claimed the request cannot see it.
    const worker = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    expect((await setReminder(worker.headers, note.id, { reminder_date: null })).statusCode).toBe(404);
    expect((await setReminder(c.staff.headers, 999_999_999, { reminder_date: null })).statusCode).toBe(404);
    const badDate = await setReminder(c.staff.headers, note.id, { reminder_date: '1/2/2030' });
    expect(badDate.json().fields.reminder_date).toBe(MSG.dateFormat);
    const extra = await setReminder(c.staff.headers, note.id, { reminder_date: null, text: 'changed' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toContain('text');
    const missing = await setReminder(c.staff.headers, note.id, {});
    expect(missing.statusCode).toBe(400);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe('2030-01-01');

    await deps.db.update(requests).set({ workingOnId: worker.user.id }).where(eq(requests.id, c.request.id));
    expect((await setReminder(worker.headers, note.id, { reminder_date: null })).statusCode).toBe(200);
    // The open request does not drop off the To Do list: a follow-up takes the ended reminder's place.
    const followUp = addBusinessDays(todayIn(null), DEFAULT_FOLLOW_UP_BUSINESS_DAYS);
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(followUp);
  });
});
