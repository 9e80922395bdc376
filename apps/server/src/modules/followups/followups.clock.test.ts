import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  clockFromHistory,
  DEFAULT_FOLLOW_UP_CADENCE,
  followUpDueOn,
  isBusinessDay,
  type LegalBasis,
  type RequestStatus,
  STATUS,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { openDatabase } from '../../db/client';
import { emailOutbox, followUps, notes, requests } from '../../db/schema';
import { refreshDeadline } from '../requests/requests.deadline';
import { sendDueFollowUps } from './followups.chore';

/**
 * Follow-ups over 90 days on a fake clock: every day at 17:00 UTC (morning to midday in every US zone) the
 * day's status changes happen, then the chore runs. The period is in the past, so the chore never sees
 * another test file's follow-ups (planned from the real today on) as due. Dates worked out by hand from the
 * calendar: Veterans Day 11/11/2024 (Monday), Thanksgiving 11/28/2024.
 */
const START = '2024-11-01';
const DAYS = 90;
const at = (day: string) => new Date(`${day}T17:00:00Z`);

interface Case {
  id: number;
  companyId: number;
  providerEmail: string | null;
  zone: string;
  events: Record<string, RequestStatus>;
}

async function makeCase(options: {
  state: string;
  basis: LegalBasis;
  email?: boolean;
  events: Record<string, RequestStatus>;
}): Promise<Case> {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const user = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id);
  const providerEmail = options.email === false ? null : `records-${randomUUID().slice(0, 8)}@clock.example`;
  const provider = await createProvider(deps.db, {
    email: providerEmail,
    state: options.state,
    verifiedAt: at(START),
  });
  const request = await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    userId: user.user.id,
    providerId: provider.id,
  });
  await deps.db
    .update(requests)
    .set({ legalBasis: options.basis, createdAt: at(START) })
    .where(eq(requests.id, request.id));
  return {
    id: request.id,
    companyId: company.id,
    providerEmail,
    zone: stateTimeZone(options.state),
    events: options.events,
  };
}

/** What a status change does to the clock, at a moment of the fake calendar. */
async function changeStatusOn({ id, companyId }: Case, status: RequestStatus, day: string) {
  const { deps } = await getContext();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(notes)
      .values({ requestId: id, companyId, text: status, updateStatus: status, createdAt: at(day) });
    await tx.update(requests).set({ status }).where(eq(requests.id, id));
    await refreshDeadline(tx, id, at(day));
  });
}

async function rows(id: number) {
  const { deps } = await getContext();
  return deps.db.select().from(followUps).where(eq(followUps.requestId, id)).orderBy(asc(followUps.number));
}

async function sentDays(c: Case) {
  return (await rows(c.id)).filter((r) => r.status === 'sent').map((r) => todayIn(c.zone, r.sentAt!));
}

describe('follow-ups over 90 days on a fake clock', () => {
  it('go out on their business days, never during a pause, never after receipt, cancellation or resubmission', async () => {
    const { deps } = await getContext();
    const sent = STATUS.initialRequestSent;
    const plain = await makeCase({ state: 'NY', basis: 'authorization', events: { '2024-11-04': sent } });
    const paused = await makeCase({
      state: 'TX',
      basis: 'patient_access',
      events: {
        '2024-11-04': sent,
        '2024-11-08': STATUS.needAssistance,
        '2024-11-20': STATUS.inContact,
        '2024-12-20': STATUS.completedArrived,
      },
    });
    const cancelled = await makeCase({
      state: 'CA',
      basis: 'subpoena',
      events: { '2024-11-04': sent, '2024-11-20': STATUS.cancelled },
    });
    const letter = await makeCase({
      state: 'Colorado',
      basis: 'authorization',
      email: false,
      events: { '2024-12-02': sent, '2024-12-12': STATUS.closedUnavailable },
    });
    const resubmitted = await makeCase({
      state: 'FL',
      basis: 'patient_access',
      events: { '2024-11-04': sent, '2024-11-12': STATUS.requestedByLawyer, '2024-11-18': sent },
    });
    const cases = [plain, paused, cancelled, letter, resubmitted];

    const end = addCalendarDays(START, DAYS);
    for (let day = START; day <= end; day = addCalendarDays(day, 1)) {
      for (const c of cases) if (c.events[day]) await changeStatusOn(c, c.events[day], day);
      await sendDueFollowUps(deps, at(day));
    }

    // Business days 7, 14 and 21 after Monday 11/04 (Veterans Day and Thanksgiving skipped), then every 5.
    const plainDays = await sentDays(plain);
    expect(plainDays.slice(0, 4)).toEqual(['2024-11-14', '2024-11-25', '2024-12-05', '2024-12-12']);
    const clock = { sentOn: '2024-11-04', pauses: [] };
    const expected = [];
    for (let n = 1; (followUpDueOn(clock, DEFAULT_FOLLOW_UP_CADENCE, n) as string) <= end; n++) {
      expected.push(followUpDueOn(clock, DEFAULT_FOLLOW_UP_CADENCE, n));
    }
    expect(plainDays).toEqual(expected);
    expect((await rows(plain.id)).at(-1)).toMatchObject({ status: 'planned' });

    // Waiting on the firm from Friday 11/08 to Wednesday 11/20 held 7 business days: the first follow-up
    // (11/14, inside the pause) moves to 11/25; the records arrived on 12/20, so nothing after that.
    expect(await sentDays(paused)).toEqual(['2024-11-25', '2024-12-05', '2024-12-16']);
    const pausedRows = await rows(paused.id);
    expect(pausedRows.filter((r) => r.status !== 'sent').map((r) => [r.status, r.skipReason])).toEqual([
      ['skipped', 'records_received'],
    ]);
    const history = [
      { status: sent, on: '2024-11-04' },
      { status: STATUS.needAssistance, on: '2024-11-08' },
      { status: STATUS.inContact, on: '2024-11-20' },
    ] as const;
    const pausedClock = clockFromHistory(history)!;
    expect([1, 2, 3].map((n) => followUpDueOn(pausedClock, DEFAULT_FOLLOW_UP_CADENCE, n))).toEqual(
      await sentDays(paused),
    );

    expect(await sentDays(cancelled)).toEqual(['2024-11-14']);
    expect((await rows(cancelled.id)).slice(1).every((r) => r.skipReason === 'cancelled')).toBe(true);

    // No e-mail address: a letter for staff on 12/11, then the request closed.
    const letterRows = await rows(letter.id);
    expect(
      letterRows.filter((r) => r.status === 'sent').map((r) => [todayIn(letter.zone, r.sentAt!), r.channel]),
    ).toEqual([['2024-12-11', 'letter']]);

    // Resubmitted before its first follow-up: the old schedule is skipped, the new one counts from 11/18.
    const resubmittedRows = await rows(resubmitted.id);
    expect(resubmittedRows.slice(0, 3).map((r) => r.skipReason)).toEqual([
      'resubmitted',
      'resubmitted',
      'resubmitted',
    ]);
    expect((await sentDays(resubmitted)).slice(0, 2)).toEqual(['2024-11-27', '2024-12-09']);

    for (const c of cases) {
      for (const day of await sentDays(c)) expect(isBusinessDay(day), `${day} is a business day`).toBe(true);
      // One e-mail per follow-up sent, never two.
      if (c.providerEmail) {
        const mails = await deps.db
          .select()
          .from(emailOutbox)
          .where(
            and(eq(emailOutbox.toEmail, c.providerEmail), eq(emailOutbox.template, 'provider-follow-up')),
          );
        expect(mails).toHaveLength((await sentDays(c)).length);
      }
    }
  }, 60_000);
});

describe('two instances running the chore at the same moment', () => {
  it('send each due follow-up once', async () => {
    const { deps } = await getContext();
    // On PostgreSQL a second pool is a second instance; PGlite has one connection, so there the two runs
    // interleave between statements (the test can only fail on PostgreSQL, as CI runs it too).
    const other = deps.config.DATABASE_URL
      ? await openDatabase({ url: deps.config.DATABASE_URL })
      : undefined;
    try {
      const cases = [];
      for (let i = 0; i < 4; i++) {
        const c = await makeCase({ state: 'NY', basis: 'authorization', events: {} });
        await changeStatusOn(c, STATUS.initialRequestSent, '2024-11-04');
        cases.push(c);
      }
      // Three weeks later the first three follow-ups of each are due together.
      const now = at('2024-12-06');
      const [a, b] = await Promise.all([
        sendDueFollowUps(deps, now),
        sendDueFollowUps(other ? { db: other.db, mail: deps.mail } : deps, now),
      ]);
      expect(a + b).toBe(cases.length * 3);
      for (const c of cases) {
        expect((await rows(c.id)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'planned']);
        const mails = await deps.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toEmail, c.providerEmail!));
        expect(mails).toHaveLength(3);
        const logged = await deps.db
          .select()
          .from(notes)
          .where(and(eq(notes.requestId, c.id), like(notes.text, 'Follow-up %')));
        expect(logged).toHaveLength(3);
      }
    } finally {
      await other?.close();
    }
  }, 30_000);
});
