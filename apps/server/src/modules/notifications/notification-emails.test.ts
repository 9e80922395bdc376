import type { NotificationEmailPrefs } from '@dd/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../../test/helpers';
import { openDatabase } from '../../db/client';
import { emailOutbox, notes, notificationEmailQueue, users } from '../../db/schema';
import { staffCase } from '../staffwork/staffwork.fixtures';
import { sendNotificationDigests } from './notification-emails.digest';
import { sendNotificationEmails } from './notification-emails.send';

const NEVER: NotificationEmailPrefs = { status_change: 'never', records_arrived: 'never', note: 'never' };

async function prefs(method: 'GET' | 'PUT', headers: Record<string, string>, payload?: object) {
  const { app } = await getContext();
  return app.inject({ method, url: '/api/notifications/emails/', headers, payload });
}

async function choose(headers: Record<string, string>, choices: Partial<NotificationEmailPrefs>) {
  const res = await prefs('PUT', headers, { ...NEVER, ...choices });
  expect(res.statusCode, res.body).toBe(200);
}

async function note(
  request: { id: number; companyId: number },
  userId: number | null,
  text: string,
  updateStatus?: string,
) {
  const { deps } = await getContext();
  const [row] = await deps.db
    .insert(notes)
    .values({
      requestId: request.id,
      companyId: request.companyId,
      userId,
      text,
      updateStatus: (updateStatus ?? null) as never,
    })
    .returning({ id: notes.id });
  return row.id;
}

async function mailsTo(email: string, templates = ['notification', 'notification-digest']) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), inArray(emailOutbox.template, templates)))
    .orderBy(emailOutbox.id);
}

/** 28 November 2026 in UTC (the users' zone here): before, then after the digest's 7:00. */
const EARLY = new Date('2026-11-28T06:00:00Z');
const MORNING = new Date('2026-11-28T08:00:00Z');
const NEXT_MORNING = new Date('2026-11-29T08:00:00Z');

describe('each user’s own notification e-mail choices', () => {
  it('are never by default, saved for the signed-in user only, and checked', async () => {
    const c = await staffCase();
    const first = await prefs('GET', c.contact.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(NEVER);

    const saved = await prefs('PUT', c.contact.headers, {
      ...NEVER,
      note: 'daily',
      status_change: 'immediately',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await prefs('GET', c.contact.headers)).json()).toEqual({
      ...NEVER,
      note: 'daily',
      status_change: 'immediately',
    });
    // Another user of the same firm keeps their own.
    expect((await prefs('GET', c.requester.headers)).json()).toEqual(NEVER);

    expect((await prefs('PUT', c.contact.headers, { ...NEVER, note: 'hourly' })).statusCode).toBe(400);
    expect((await prefs('PUT', c.contact.headers, { note: 'daily' })).statusCode).toBe(400);
    expect((await prefs('PUT', c.contact.headers, { ...NEVER, user: c.requester.user.id })).statusCode).toBe(
      400,
    );
    const { app } = await getContext();
    expect((await app.inject({ method: 'GET', url: '/api/notifications/emails/' })).statusCode).toBe(401);
  });
});

describe('sending what each user chose', () => {
  it('e-mails at once what the bell would show: only the kinds chosen, never another firm’s or one’s own', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    const other = await staffCase();
    await choose(c.contact.headers, { status_change: 'immediately', records_arrived: 'immediately' });
    await choose(other.contact.headers, { status_change: 'immediately', note: 'immediately' });
    // The requester keeps 'never' for everything.

    await note(
      c.request,
      c.staff.user.id,
      'Called the provider; they are sending.',
      'Provider Is Sending Documents',
    );
    await note(c.request, c.staff.user.id, 'A plain note, not chosen.');
    await note(c.request, c.contact.user.id, 'My own change.', 'Need Assistance');
    await note(c.request, null, 'Records arrived from the provider.', 'Completed - Documents Arrived');
    await sendNotificationEmails(deps);

    const mails = await mailsTo(c.contact.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Status changed on request #${c.request.internalNumber}`,
      `Records arrived on request #${c.request.internalNumber}`,
    ]);
    expect(mails[0].text).toContain('Status: Provider Is Sending Documents');
    expect(mails[0].text).toContain('Called the provider; they are sending.');
    expect(mails[0].text).toContain(`${deps.mail.publicUrl}/request/${c.request.id}/`);
    // No date of birth, in either form (the year alone can occur in the client's generated name).
    const [year, month, day] = c.patient.dateOfBirth!.split('-');
    expect(mails[0].text).not.toContain(`${year}-${month}-${day}`);
    expect(mails[0].text).not.toContain(`${month}/${day}/${year}`);
    expect(await mailsTo(c.requester.user.email)).toEqual([]);
    expect(await mailsTo(other.contact.user.email)).toEqual([]);

    // Handed out once: a second run finds nothing new.
    await sendNotificationEmails(deps);
    expect(await mailsTo(c.contact.user.email)).toHaveLength(2);
  });

  it('keeps daily ones for one digest a day, from 7:00 the user’s time', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    await choose(c.contact.headers, { note: 'daily', status_change: 'immediately' });
    await note(c.request, c.staff.user.id, 'First note of the day.');
    await note(c.request, c.staff.user.id, 'Second note of the day.');
    await sendNotificationEmails(deps);
    expect(await mailsTo(c.contact.user.email)).toEqual([]);

    await sendNotificationDigests(deps, EARLY);
    expect(await mailsTo(c.contact.user.email)).toEqual([]);
    await sendNotificationDigests(deps, MORNING);
    const [digest, ...more] = await mailsTo(c.contact.user.email);
    expect(more).toEqual([]);
    expect(digest.template).toBe('notification-digest');
    expect(digest.subject).toBe('Your requests today: 2 updates');
    expect(digest.text.indexOf('First note of the day.')).toBeLessThan(
      digest.text.indexOf('Second note of the day.'),
    );
    expect(digest.text).toContain(`${deps.mail.publicUrl}/request/${c.request.id}/`);

    // The same day again: nothing; a note later that day waits for tomorrow's.
    await note(c.request, c.staff.user.id, 'Evening note.');
    await sendNotificationDigests(deps, MORNING);
    expect(await mailsTo(c.contact.user.email)).toHaveLength(1);
    await sendNotificationDigests(deps, NEXT_MORNING);
    const mails = await mailsTo(c.contact.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Your requests today: 1 update');
  });

  it('sends nothing for never, and drops kept notes when the choice changes to never', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    await choose(c.contact.headers, { note: 'daily' });
    await note(c.request, c.staff.user.id, 'Kept for the digest.');
    await sendNotificationEmails(deps);
    await choose(c.contact.headers, { note: 'never' });
    await note(c.request, c.staff.user.id, 'After choosing never.');
    await sendNotificationEmails(deps);
    await sendNotificationDigests(deps, MORNING);
    expect(await mailsTo(c.contact.user.email)).toEqual([]);
  });

  it('sends nothing for a note deleted while it waited to be handed out, and takes it off the queue', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    await choose(c.contact.headers, { note: 'immediately' });
    const deleted = await note(c.request, c.staff.user.id, 'Written by mistake.');
    const kept = await note(c.request, c.staff.user.id, 'The provider asked for a new authorization.');
    await deps.db.delete(notes).where(eq(notes.id, deleted));
    await sendNotificationEmails(deps);
    const mails = await mailsTo(c.contact.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('The provider asked for a new authorization.');
    const queued = await deps.db
      .select()
      .from(notificationEmailQueue)
      .where(inArray(notificationEmailQueue.noteId, [deleted, kept]));
    expect(queued).toEqual([]);
  });

  it('keeps other firms’ notes for an internal staff member’s digest, and leaves out one deleted before it is sent', async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    await choose(c.staff.headers, { note: 'daily' });
    await note(c.request, c.contact.user.id, 'Please call the provider again.');
    const deleted = await note(c.request, c.contact.user.id, 'Sent by mistake.');
    await sendNotificationEmails(deps);
    await deps.db.delete(notes).where(eq(notes.id, deleted));
    await sendNotificationDigests(deps, MORNING);
    const [digest, ...more] = await mailsTo(c.staff.user.email);
    expect(more).toEqual([]);
    expect(digest.text).toContain('Please call the provider again.');
    expect(digest.text).not.toContain('Sent by mistake.');
  });

  it('sends each digest once when two instances run the chore at the same moment', async () => {
    const { deps } = await getContext();
    // On PostgreSQL a second pool is a second instance; PGlite has one connection, so there the two runs
    // interleave between statements (the test can only fail on PostgreSQL, as CI runs it too).
    const other = deps.config.DATABASE_URL
      ? await openDatabase({ url: deps.config.DATABASE_URL })
      : undefined;
    try {
      const cases = [];
      for (let i = 0; i < 8; i++) cases.push(await staffCase());
      for (const c of cases) {
        await choose(c.contact.headers, { note: 'daily' });
        await deps.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, c.contact.user.id));
        await note(c.request, c.staff.user.id, 'Once only.');
      }
      // Both instances then find the same users waiting.
      await sendNotificationEmails(deps);
      await Promise.all([
        sendNotificationDigests(deps, MORNING),
        sendNotificationDigests(other ? { ...deps, db: other.db } : deps, MORNING),
      ]);
      for (const c of cases) expect(await mailsTo(c.contact.user.email)).toHaveLength(1);
    } finally {
      await other?.close();
    }
  }, 30_000);
});
