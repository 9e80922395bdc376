import { STATUS } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { latestEmailTo } from '../../../test/mail';
import { emailOutbox, notes, users } from '../../db/schema';
import { digestWeekDue, isoWeek, sendDeadlineDigests } from './deadline-digest';

/** Monday 30 November 2026, 9:00 in Chicago: the digest's week 2026-W49 has begun there. */
const MONDAY_MORNING = new Date('2026-11-30T15:00:00Z');

async function firmWithLateRequests(clientName: string) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  await deps.db.update(users).set({ timezone: 'America/Chicago' }).where(eq(users.id, staff.user.id));
  const patient = await createPatient(deps.db, company.id, { firstName: clientName, lastName: 'Client' });
  const provider = await createProvider(deps.db, { name: `${clientName} Hospital`, state: 'TX' });
  const make = (dueDate: string) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      userId: staff.user.id,
      providerId: provider.id,
      status: STATUS.inContact,
      legalBasis: 'patient_access',
      deadlineRule: 'tx-electronic',
      dueDate,
    });
  const late = await make('2026-11-20');
  const soon = await make('2026-12-02');
  const later = await make('2027-01-15');
  return { company, staff, late, soon, later };
}

async function digestsTo(email: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.template, 'deadline-digest')));
}

async function optIn(headers: Record<string, string>, wanted = true) {
  const { app } = await getContext();
  return app.inject({
    method: 'POST',
    url: '/users/deadline_digest/',
    headers,
    payload: { weekly_deadline_digest: wanted },
  });
}

describe('the weekly deadline e-mail', () => {
  it('is each firm user’s own choice, shown on their account; internal users have no firm to report on', async () => {
    const { deps, app } = await getContext();
    const firm = await firmWithLateRequests('Choice');
    expect((await optIn(firm.staff.headers)).json()).toEqual({ weekly_deadline_digest: true });
    const me = await app.inject({ url: '/users/user/', headers: firm.staff.headers });
    expect(me.json().weekly_deadline_digest).toBe(true);
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const refused = await optIn(internal.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('The weekly deadline e-mail is for law firm users.');
  });

  it('lists the firm’s overdue and due-soon requests with the last thing staff did, and no other firm’s', async () => {
    const { deps } = await getContext();
    const firm = await firmWithLateRequests('Avery');
    const other = await firmWithLateRequests('Zelda');
    await optIn(firm.staff.headers);
    await optIn(other.staff.headers);
    const worker = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    await deps.db.insert(notes).values([
      {
        requestId: firm.late.id,
        companyId: firm.company.id,
        userId: worker.user.id,
        text: 'Called the records office; they promised the records by Friday.',
        createdAt: new Date('2026-11-25T15:00:00Z'),
      },
      // A later note by the firm itself is not what staff did.
      {
        requestId: firm.late.id,
        companyId: firm.company.id,
        userId: firm.staff.user.id,
        text: 'Any news?',
        createdAt: new Date('2026-11-26T15:00:00Z'),
      },
    ]);

    await sendDeadlineDigests(deps, MONDAY_MORNING);
    const mail = await latestEmailTo(firm.staff.user.email, 'deadline-digest');
    expect(mail?.subject).toBe('Legal deadlines this week: 1 overdue, 1 due soon');
    const text = mail!.text;
    expect(text).toContain(`#${firm.late.internalNumber} · Avery Client at Avery Hospital`);
    expect(text).toContain(
      'Due 11/20/2026: Overdue (Texas electronic health records: 15 business days (Tex. Health & Safety Code 181.102))',
    );
    expect(text).toContain(
      `What staff did: 11/25/2026, ${worker.user.fullName}: Called the records office; they promised the records by Friday.`,
    );
    expect(text).toContain(`#${firm.soon.internalNumber} · Avery Client at Avery Hospital`);
    expect(text).toContain('What staff did: no note from Direct Docs staff yet.');
    expect(text).not.toContain(firm.later.internalNumber);
    expect(text).not.toContain('Any news?');
    expect(text).not.toContain('Zelda');
    expect(mail!.html).toContain('/dashboard/?deadline=overdue');
  });

  it('goes out once a week per user, even when two instances run the job at the same moment', async () => {
    const { deps } = await getContext();
    const firm = await firmWithLateRequests('Once');
    await optIn(firm.staff.headers);
    const email = firm.staff.user.email;

    // Monday before 7:00 in Chicago: not yet.
    await sendDeadlineDigests(deps, new Date('2026-11-30T12:30:00Z'));
    expect(await digestsTo(email)).toHaveLength(0);

    await Promise.all([sendDeadlineDigests(deps, MONDAY_MORNING), sendDeadlineDigests(deps, MONDAY_MORNING)]);
    expect(await digestsTo(email)).toHaveLength(1);
    await sendDeadlineDigests(deps, new Date('2026-12-03T12:00:00Z'));
    expect(await digestsTo(email)).toHaveLength(1);
    const [row] = await deps.db
      .select({ week: users.deadlineDigestWeek })
      .from(users)
      .where(eq(users.id, firm.staff.user.id));
    expect(row.week).toBe('2026-W49');

    await sendDeadlineDigests(deps, new Date('2026-12-07T14:00:00Z'));
    expect(await digestsTo(email)).toHaveLength(2);
  });

  it('sends nothing to a user who did not ask, or who stopped it', async () => {
    const { deps } = await getContext();
    const firm = await firmWithLateRequests('Quiet');
    await sendDeadlineDigests(deps, MONDAY_MORNING);
    expect(await digestsTo(firm.staff.user.email)).toHaveLength(0);
    await optIn(firm.staff.headers, true);
    await optIn(firm.staff.headers, false);
    await sendDeadlineDigests(deps, MONDAY_MORNING);
    expect(await digestsTo(firm.staff.user.email)).toHaveLength(0);
  });
});

describe('the digest’s week', () => {
  it('is the ISO week, and begins on Monday at 7:00 in the user’s zone', () => {
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(digestWeekDue('America/Chicago', new Date('2026-11-30T12:59:00Z'))).toBeNull();
    expect(digestWeekDue('America/Chicago', new Date('2026-11-30T13:00:00Z'))).toBe('2026-W49');
    // Sunday evening in Chicago is still the week before.
    expect(digestWeekDue('America/Chicago', new Date('2026-11-30T03:00:00Z'))).toBe('2026-W48');
  });
});
