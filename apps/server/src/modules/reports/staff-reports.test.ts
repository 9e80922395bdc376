import {
  type AssignmentRow,
  type ReportRequest,
  STAFF_REPORT_CARDS,
  STATUS,
  type StaffReport,
} from '@dd/shared';
import { describe, expect, it } from 'vitest';
import {
  authOf,
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  createUser,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { notes } from '../../db/schema';
import { get, internalStaff } from '../requests/requests.staff-fixtures';
import { countCards, subjectConditions, subjectTally } from './staff-reports.queries';
import { reportRequests, staffReport } from './staff-reports.service';

/**
 * The staff reports against hand-counted fixtures: each test works on a fresh employee, firm, paralegal
 * and provider, so other tests' requests never change the expected figures. Every card's figure must
 * equal the number of rows its table lists.
 */
const DAY = 86_400_000;
/** Tuesday 2026-02-10 at 06:30 UTC: still Monday the 9th (23:30) in Denver (UTC-7). */
const NOW = new Date('2026-02-10T06:30:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function setUp() {
  const { deps } = await getContext();
  const employee = await createUser(deps.db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
  const firm = await createCompany(deps.db);
  const paralegal = await createUser(deps.db, { companyId: firm.id });
  const provider = await createProvider(deps.db);
  const patient = await createPatient(deps.db, firm.id, { firstName: 'Rita', lastName: 'Report' });
  const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: firm.id,
      userId: paralegal.id,
      providerId: provider.id,
      workingOnId: employee.id,
      ...values,
    });
  const auth = (timezone = 'UTC') => authOf(employee, { isInternal: true, isStaff: true, timezone });
  return { deps, employee, firm, paralegal, provider, make, auth };
}

describe('a subject report', () => {
  it('reads the same all-time figures from the running tallies as from every request, for each subject that has them', async () => {
    const s = await setUp();
    await s.make({ status: STATUS.inContact, createdAt: ago(40) });
    await s.make({ status: STATUS.inContact, createdAt: ago(3), workingOnId: null, rush: true });
    await s.make({
      status: STATUS.closedArrived,
      createdAt: ago(50),
      receivedDocumentAt: ago(20),
      closedDate: ago(2),
    });
    await s.make({
      status: STATUS.completedArrived,
      createdAt: ago(90),
      receivedDocumentAt: ago(60),
      completedDate: ago(45),
    });
    await s.make({ status: STATUS.cancelled, createdAt: ago(9), closedDate: ago(0.5), workingOnId: null });
    await s.make({ status: STATUS.closedArrived, createdAt: ago(9), closedDate: ago(1), active: false });
    const moment = { zone: 'America/Denver', now: NOW };
    for (const subject of [
      {},
      { law_firm: s.firm.id },
      { employee: s.employee.id },
      { employee: 'none' as const },
    ]) {
      const tally = subjectTally(subject);
      expect(tally).toBeDefined();
      const where = subjectConditions(subject);
      // One snapshot for both: on PostgreSQL other test files add requests while this one counts them all.
      const [tallied, counted] = await s.deps.db.transaction(
        async (tx) => [
          (await countCards(tx, where, STAFF_REPORT_CARDS, moment, undefined, tally))[0],
          (await countCards(tx, where, STAFF_REPORT_CARDS, moment))[0],
        ],
        { isolationLevel: 'repeatable read' },
      );
      expect({ subject, ...tallied }).toEqual({ subject, ...counted });
    }
  });

  it('counts each card with the 5, 10 and 15 day thresholds, and each card lists exactly what it counts', async () => {
    const s = await setUp();
    await s.make({
      status: STATUS.requestedByLawyer,
      rush: true,
      createdAt: ago(0.1),
      nextTodoDate: '2026-02-10',
    });
    const r2 = await s.make({
      status: STATUS.needAssistance,
      createdAt: ago(12),
      nextTodoDate: '2026-02-01',
    });
    // r2's reminder was set by a person; r1's date is the automatic follow-up, which is no reminder.
    await s.deps.db.insert(notes).values({
      requestId: r2.id,
      companyId: s.firm.id,
      text: 'Called',
      createdAt: ago(11),
      reminderDate: '2026-02-01',
    });
    await s.make({ status: STATUS.inContact, createdAt: ago(6) });
    await s.make({ status: STATUS.inContact, createdAt: ago(20) });
    await s.make({
      status: STATUS.closedArrived,
      createdAt: ago(10),
      receivedDocumentAt: ago(7),
      closedDate: ago(0.2),
    });
    await s.make({ status: STATUS.cancelled, createdAt: ago(40), closedDate: ago(20) });

    const report = await staffReport(
      s.deps.db,
      s.auth(),
      { employee: s.employee.id },
      {
        internalCompanyId: INTERNAL_COMPANY_ID,
        now: NOW,
      },
    );
    expect(report.subject).toEqual({ kind: 'employee', id: s.employee.id, name: s.employee.fullName });
    expect(report.cards).toEqual({
      open_requests: 4,
      new_requests: 1,
      rush_requests: 1,
      need_your_attention_requests: 1,
      requests_five_days_old: 3,
      requests_ten_days_old: 2,
      requests_fifteen_days_old: 1,
      // r2's newest note is 11 days old; the others without notes count from their order date.
      note_five_days_old: 3,
      note_ten_days_old: 2,
      note_fifteen_days_old: 1,
      today_reminder_requests: 1,
      old_reminder_requests: 1,
      requests_without_reminders: 3,
      closed_requests_in_last_day: 1,
      closed_requests_in_last_week: 1,
      closed_requests_in_last_month: 2,
      all_requests: 6,
    });
    expect(report).toMatchObject({ total_received: 1, total_turnaround: 3, average_turnaround: 3 });

    for (const card of STAFF_REPORT_CARDS) {
      const { rows, total } = await reportRequests(
        s.deps.db,
        s.auth(),
        { subject: { employee: s.employee.id }, card, order_by: '-created_at', limit: 100, offset: 0 },
        NOW,
      );
      expect([card, total]).toEqual([card, report.cards[card]]);
      expect(rows).toHaveLength(total);
    }
  });

  it('measures today and the periods in the caller’s time zone', async () => {
    const s = await setUp();
    // Closed at 01:00 UTC on the 10th: today in UTC, but 18:00 on the 9th, which is also today, in Denver.
    await s.make({
      status: STATUS.closedArrived,
      createdAt: ago(3),
      closedDate: new Date('2026-02-10T01:00:00Z'),
    });
    // Closed at 06:00 UTC on the 9th: yesterday in UTC, but 23:00 on the 8th in Denver (yesterday too).
    await s.make({
      status: STATUS.closedArrived,
      createdAt: ago(3),
      closedDate: new Date('2026-02-09T06:00:00Z'),
    });
    // Due on the 10th: today's reminder in UTC, a future one in Denver where it is still the 9th.
    await s.make({ status: STATUS.inContact, createdAt: ago(1), nextTodoDate: '2026-02-10' });
    const load = (zone: string) =>
      staffReport(
        s.deps.db,
        s.auth(zone),
        { employee: s.employee.id },
        { internalCompanyId: INTERNAL_COMPANY_ID, now: NOW },
      );
    const utc = await load('UTC');
    const denver = await load('America/Denver');
    expect(utc.cards).toMatchObject({ closed_requests_in_last_day: 1, today_reminder_requests: 1 });
    expect(denver.cards).toMatchObject({ closed_requests_in_last_day: 1, today_reminder_requests: 0 });
    expect(utc.cards.closed_requests_in_last_week).toBe(2);
  });

  it('reports a law firm, a paralegal, a provider and the unassigned requests by their own requests', async () => {
    const s = await setUp();
    await s.make({ status: STATUS.inContact, createdAt: ago(2) });
    await s.make({ status: STATUS.inContact, createdAt: ago(2), workingOnId: null });
    await s.make({
      status: STATUS.closedArrived,
      createdAt: ago(9),
      receivedDocumentAt: ago(4),
      closedDate: ago(1),
    });
    const at = (subject: Parameters<typeof staffReport>[2]) =>
      staffReport(s.deps.db, s.auth(), subject, { internalCompanyId: INTERNAL_COMPANY_ID, now: NOW });
    for (const subject of [
      { law_firm: s.firm.id },
      { paralegal: s.paralegal.id },
      { provider: s.provider.id },
    ]) {
      const r = await at(subject);
      expect(r.cards).toMatchObject({ all_requests: 3, open_requests: 2, closed_requests_in_last_week: 1 });
      expect(r.average_turnaround).toBe(5);
    }
    expect((await at({ law_firm: s.firm.id })).subject).toEqual({
      kind: 'law_firm',
      id: s.firm.id,
      name: s.firm.name,
    });
    expect((await at({ provider: s.provider.id })).subject.name).toBe(s.provider.name);
    const unassigned = await at({ employee: 'none' });
    expect(unassigned.subject).toEqual({ kind: 'employee', id: null, name: 'Unassigned' });
    const { rows } = await reportRequests(
      s.deps.db,
      s.auth(),
      {
        subject: { provider: s.provider.id },
        card: 'unassigned_open_requests',
        order_by: '-created_at',
        limit: 10,
        offset: 0,
      },
      NOW,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      request_name: 'Rita Report: Medical Records',
      client: 'Rita Report',
      law_firm: s.firm.name,
      provider: s.provider.name,
      paralegal: s.paralegal.fullName,
      claimed_by: null,
    });
  });
});

describe('the staff report calls', () => {
  it('answer internal staff with the cards, the card tables, assignments, paralegals and providers', async () => {
    const s = await setUp();
    // The calls measure from the real now.
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
    // Its provider was due to answer by 1 January 2026: overdue, flagged on the report's table too.
    await s.make({ status: STATUS.inContact, createdAt: daysAgo(20), dueDate: '2026-01-01' });
    await s.make({ status: STATUS.needAssistance, createdAt: daysAgo(2) });
    // Its records arrived five days after it was ordered: the provider's average turnaround.
    await s.make({
      status: STATUS.closedArrived,
      createdAt: daysAgo(9),
      receivedDocumentAt: daysAgo(4),
      closedDate: daysAgo(1),
    });
    const staff = await internalStaff();

    const report = (
      await get(`/api/reports/staff/?employee=${s.employee.id}`, staff.headers)
    ).json() as StaffReport;
    expect(report.cards).toMatchObject({ open_requests: 2, need_your_attention_requests: 1 });

    const page = await get(
      `/api/reports/staff/requests/?employee=${s.employee.id}&card=open_requests&page_size=1&order_by=created_at`,
      staff.headers,
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { count: number; next: string | null; results: ReportRequest[] };
    expect(body.count).toBe(2);
    expect(body.results.map((r) => r.status)).toEqual([STATUS.inContact]);
    expect(body.results[0]).toMatchObject({ due_date: '2026-01-01', deadline_status: 'very_overdue' });
    expect(body.next).toContain('page=2');

    const assignments = (await get('/api/reports/assignments/', staff.headers)).json() as {
      results: AssignmentRow[];
    };
    const mine = assignments.results.find((r) => r.id === s.employee.id);
    expect(mine?.cards).toMatchObject({
      open_requests: 2,
      need_your_attention_requests: 1,
      requests_fifteen_days_old: 1,
    });
    expect(assignments.results.at(-1)).toMatchObject({ id: null, name: 'Unassigned' });

    const paralegals = await get(
      `/api/reports/paralegals/?name=${encodeURIComponent(s.paralegal.fullName)}`,
      staff.headers,
    );
    expect(paralegals.json()).toMatchObject({
      count: 1,
      results: [{ id: s.paralegal.id, law_firm: s.firm.name, open: 2, closed: 1 }],
    });
    const providers = await get(
      `/api/reports/providers/?name=${encodeURIComponent(s.provider.name)}`,
      staff.headers,
    );
    expect(providers.json()).toMatchObject({
      count: 1,
      results: [{ provider_name: s.provider.name, open: 2, closed: 1, average_turnaround: 5 }],
    });
  });

  it('refuse unknown subjects and cards, two subjects at once, and everyone but internal staff', async () => {
    const { deps } = await getContext();
    const staff = await internalStaff();
    const firm = await createCompany(deps.db);
    expect((await get('/api/reports/staff/?employee=999999999', staff.headers)).statusCode).toBe(404);
    // A law firm's user is not an employee of the retrieval company, nor the company a law firm.
    const firmUser = await createUser(deps.db, { companyId: firm.id });
    expect((await get(`/api/reports/staff/?employee=${firmUser.id}`, staff.headers)).statusCode).toBe(404);
    expect((await get(`/api/reports/staff/?law_firm=${INTERNAL_COMPANY_ID}`, staff.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/reports/staff/?law_firm=${firm.id}&paralegal=${firmUser.id}`, staff.headers))
        .statusCode,
    ).toBe(400);
    expect((await get('/api/reports/staff/requests/?card=bogus', staff.headers)).statusCode).toBe(400);
    const firmStaff = await signedIn(deps, { companyId: firm.id, isStaff: true });
    expect((await get(`/api/reports/staff/?law_firm=${firm.id}`, firmStaff.headers)).statusCode).toBe(403);
  });
});
