import { randomUUID } from 'node:crypto';
import { addBusinessDays, FOLLOW_UP_MSG, type FollowUpSchedule, STATUS, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createProvider, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { companies, noteTemplates, requests } from '../../db/schema';
import { call, mailsTo, notesOf, requestRow, staffCase } from '../staffwork/staffwork.fixtures';

/**
 * The follow-up schedule through the API: made by the first send, read by staff and the firm's own
 * users (not another firm's), and worked by staff: send now, skip, pause and resume.
 */
const url = (id: number, action = '') => `/api/home/request/${id}/follow_ups/${action ? `${action}/` : ''}`;

/** A request whose provider has an address of its own, sent to the provider today. */
async function sentCase(provider: { email?: string | null; fax?: string } = {}) {
  const { deps } = await getContext();
  const c = await staffCase();
  const email = provider.email === undefined ? `records-${randomUUID().slice(0, 8)}@provider.example` : null;
  const own = await createProvider(deps.db, { email, fax: provider.fax, verifiedAt: new Date() });
  await deps.db.update(requests).set({ providerId: own.id }).where(eq(requests.id, c.request.id));
  const sent = await call('POST', `/api/home/request/${c.request.id}/initial_sent/`, c.staff.headers, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return { ...c, provider: own, today: todayIn('America/New_York') };
}

async function schedule(id: number, headers: Record<string, string>): Promise<FollowUpSchedule> {
  const res = await call('GET', url(id), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/home/request/{id}/follow_ups/', () => {
  it('lists the default cadence after the first send to staff and to the firm, and 404 to another firm', async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    const expected = [7, 14, 21].map((d) => addBusinessDays(c.today, d));
    const forStaff = await schedule(c.request.id, c.staff.headers);
    expect(forStaff.follow_ups.map((f) => [f.planned_on, f.status])).toEqual(
      expected.map((d) => [d, 'planned']),
    );
    expect(forStaff).toMatchObject({ next_follow_up: expected[0], paused: false, by_letter: false });
    expect(forStaff.cadence).toBe('Business days 7, 14, 21 after the first send, then every 5');

    expect((await schedule(c.request.id, c.contact.headers)).follow_ups).toHaveLength(3);
    const other = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    expect((await call('GET', url(c.request.id), other.headers)).statusCode).toBe(404);
    expect((await call('POST', url(c.request.id, 'send'), c.contact.headers, {})).statusCode).toBe(403);
  });

  it("uses the firm's own cadence", async () => {
    const { deps } = await getContext();
    const c = await staffCase();
    await deps.db
      .update(companies)
      .set({ followUpDays: [3, 10], followUpEvery: 2 })
      .where(eq(companies.id, c.company.id));
    await call('POST', `/api/home/request/${c.request.id}/initial_sent/`, c.staff.headers, {});
    const today = todayIn('America/New_York');
    const s = await schedule(c.request.id, c.staff.headers);
    expect(s.follow_ups.map((f) => f.planned_on)).toEqual([
      addBusinessDays(today, 3),
      addBusinessDays(today, 10),
    ]);
  });

  it('is empty before the first send', async () => {
    const c = await staffCase();
    expect((await schedule(c.request.id, c.staff.headers)).follow_ups).toEqual([]);
  });
});

describe('the staff actions on the follow-ups', () => {
  it('sends the next one now: an e-mail to the provider from the template, logged as a note', async () => {
    const c = await sentCase();
    const res = await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(FOLLOW_UP_MSG.sent);
    const [first, second] = res.json().schedule.follow_ups;
    expect(first).toMatchObject({ status: 'sent', channel: 'email' });
    expect(res.json().schedule.next_follow_up).toBe(second.planned_on);

    const [mail] = await mailsTo(c.provider.email!, 'provider-follow-up');
    expect(mail.subject).toContain(`Direct Docs #${c.request.internalNumber}`);
    expect(mail.text).toContain(`Dear ${c.provider.name} Medical Records Department`);
    expect(mail.text).toContain(`(follow-up 1)`);
    const note = (await notesOf(c.request.id)).find((n) => n.id === first.note_id)!;
    expect(note.text).toContain(`Follow-up 1 e-mailed to the provider at ${c.provider.email}.`);
    expect(note.userId).toBe(c.staff.user.id);
  });

  it("builds the text from the 'Follow-up' note template staff keep", async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    const [template] = await deps.db.select().from(noteTemplates).where(eq(noteTemplates.name, 'Follow-up'));
    expect(template).toBeDefined();
    await deps.db
      .update(noteTemplates)
      .set({ text: 'Still waiting for {client}, request {request_number}.' })
      .where(eq(noteTemplates.id, template.id));
    try {
      await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
      const [mail] = await mailsTo(c.provider.email!, 'provider-follow-up');
      expect(mail.text).toContain(
        `Still waiting for ${c.patient.fullName}, request ${c.request.internalNumber}.`,
      );
    } finally {
      await deps.db
        .update(noteTemplates)
        .set({ text: template.text })
        .where(eq(noteTemplates.id, template.id));
    }
  });

  it('makes a letter to print when the provider has no e-mail address, and puts the request on the To Do list', async () => {
    const c = await sentCase({ email: null, fax: '555-0199' });
    expect((await schedule(c.request.id, c.staff.headers)).by_letter).toBe(true);
    const res = await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
    expect(res.json().success).toBe(FOLLOW_UP_MSG.letterReady);
    expect(res.json().schedule.follow_ups[0]).toMatchObject({ status: 'sent', channel: 'letter' });
    const notes = await notesOf(c.request.id);
    expect(notes.at(-1)!.text).toContain(
      'is a letter to print or fax: the provider has no e-mail address (fax 555-0199)',
    );
    expect((await requestRow(c.request.id)).nextTodoDate).toBe(c.today);
    // Staff get the letter alone to print; the firm sees that a letter went, not its text.
    const letter = (await schedule(c.request.id, c.staff.headers)).follow_ups[0].letter;
    expect(letter).toMatch(/^Dear .+ Medical Records Department,\n\nWe are following up/);
    expect(letter).not.toContain('is a letter to print or fax');
    expect((await schedule(c.request.id, c.contact.headers)).follow_ups[0].letter).toBeNull();
  });

  it('skips the next one, and keeps one planned after the last', async () => {
    const c = await sentCase();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', url(c.request.id, 'skip'), c.staff.headers, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    const s = await schedule(c.request.id, c.staff.headers);
    expect(s.follow_ups.map((f) => f.status)).toEqual(['skipped', 'skipped', 'skipped', 'planned']);
    expect(s.follow_ups[0]).toMatchObject({ skip_reason: 'staff', skipped_by: c.staff.user.fullName });
    expect(s.follow_ups[3].planned_on).toBe(addBusinessDays(s.follow_ups[2].planned_on, 5));
    // The firm sees what happened, not who on the staff did it.
    expect((await schedule(c.request.id, c.contact.headers)).follow_ups[0].skipped_by).toBeNull();
  });

  it('pauses and resumes the cadence; nothing is sent while paused', async () => {
    const c = await sentCase();
    const before = await schedule(c.request.id, c.staff.headers);
    const paused = await call('POST', url(c.request.id, 'pause'), c.staff.headers, {});
    expect(paused.json().schedule).toMatchObject({ paused: true, next_follow_up: null });
    const send = await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toBe(FOLLOW_UP_MSG.nonePlanned);
    expect((await call('POST', url(c.request.id, 'pause'), c.staff.headers, {})).statusCode).toBe(409);

    const resumed = await call('POST', url(c.request.id, 'resume'), c.staff.headers, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    // Paused and resumed the same day: nothing moved.
    expect(resumed.json().schedule.follow_ups.map((f: { planned_on: string }) => f.planned_on)).toEqual(
      before.follow_ups.map((f) => f.planned_on),
    );
    const again = await call('POST', url(c.request.id, 'resume'), c.staff.headers, {});
    expect(again.json().error).toBe(FOLLOW_UP_MSG.nonePaused);
  });

  it('is refused while the request waits on the firm, whose question paused the follow-ups', async () => {
    const c = await sentCase();
    const note = await call('POST', '/api/home/notes/', c.staff.headers, {
      request: c.request.id,
      text: 'Please send a signed authorization.',
      update_status: STATUS.needAssistance,
    });
    expect(note.statusCode, note.body).toBe(201);
    expect((await schedule(c.request.id, c.staff.headers)).follow_ups.map((f) => f.status)).toEqual([
      'paused',
      'paused',
      'paused',
    ]);
    const res = await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(FOLLOW_UP_MSG.waitingOnFirm);
  });

  it('ends the schedule when the request is cancelled', async () => {
    const c = await sentCase();
    await call('POST', `/api/home/request/${c.request.id}/cancel/`, c.staff.headers, {});
    const s = await schedule(c.request.id, c.staff.headers);
    expect(s.follow_ups.map((f) => [f.status, f.skip_reason])).toEqual([
      ['skipped', 'cancelled'],
      ['skipped', 'cancelled'],
      ['skipped', 'cancelled'],
    ]);
    expect(s.next_follow_up).toBeNull();
    expect((await call('POST', url(c.request.id, 'skip'), c.staff.headers, {})).statusCode).toBe(409);
  });

  it('keeps the sent follow-ups with the first copy of a split request; the other copy plans its own', async () => {
    const { deps } = await getContext();
    const c = await sentCase();
    await call('POST', url(c.request.id, 'send'), c.staff.headers, {});
    const second = await createProvider(deps.db, {
      email: 'second@provider.example',
      verifiedAt: new Date(),
    });
    const split = await call('POST', `/api/home/request/${c.request.id}/split/`, c.staff.headers, {
      splits: [
        { provider: c.provider.id, request_types: ['Medical Records'] },
        { provider: second.id, request_types: ['Billing Records'] },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    const [first, other] = split.json().results;
    expect((await schedule(first.id, c.staff.headers)).follow_ups.map((f) => f.status)).toEqual([
      'sent',
      'planned',
      'planned',
    ]);
    expect((await schedule(other.id, c.staff.headers)).follow_ups.map((f) => f.planned_on)).toEqual(
      [7, 14, 21].map((d) => addBusinessDays(c.today, d)),
    );
  });

  it("answers 404 for a request that does not exist and 403 to a firm's staff", async () => {
    const c = await sentCase();
    expect((await call('POST', url(999_999_999, 'skip'), c.staff.headers, {})).statusCode).toBe(404);
    expect((await call('POST', url(c.request.id, 'pause'), c.contact.headers, {})).statusCode).toBe(403);
  });
});
