import {
  DASHBOARD_PERIODS,
  DATA_DASHBOARD_CARDS,
  type DataDashboard,
  type DataDashboardResponse,
  STATUS,
  toCents,
} from '@dd/shared';
import { describe, expect, it } from 'vitest';
import {
  authOf,
  createCompany,
  createPatient,
  createRequest,
  createUser,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { billings, invoices, notes } from '../../db/schema';
import { get } from '../requests/requests.staff-fixtures';
import { dataDashboard } from './datadashboard.service';
import { dashboardTrends } from './trends.queries';

/**
 * The data dashboard's figures against hand-counted fixtures. Each test counts the requests claimed by a
 * fresh internal user who is not staff (such a user sees only their own), so other tests' requests in
 * the same database never change the expected numbers.
 */
const DAY = 86_400_000;
/** In February Denver is UTC-7 (daylight time starts on March 8, 2026). */
const NOW = new Date('2026-02-10T18:00:00Z');
const ago = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);

async function worker(permissions: string[] = ['view_fees', 'view_company_counts']) {
  const { deps } = await getContext();
  const user = await createUser(deps.db, { companyId: INTERNAL_COMPANY_ID, permissions });
  const firm = await createCompany(deps.db);
  const patient = await createPatient(deps.db, firm.id);
  const make = (values: Partial<Parameters<typeof createRequest>[1]>) =>
    createRequest(deps.db, { patientId: patient.id, companyId: firm.id, workingOnId: user.id, ...values });
  const auth = (timezone = 'UTC') =>
    authOf(user, { isInternal: true, timezone, permissions: new Set(permissions as never[]) });
  return { user, firm, make, auth };
}

async function bill(requestId: number, companyId: number, price: number) {
  const { deps } = await getContext();
  const [b] = await deps.db.insert(billings).values({ title: 'Test', companyId }).returning();
  await deps.db.insert(invoices).values({ requestId, companyId, price: toCents(price), billId: b.id });
}

const load = async (auth: ReturnType<Awaited<ReturnType<typeof worker>>['auth']>, openOnly = false) =>
  dataDashboard((await getContext()).deps.db, auth, {
    openOnly,
    internalCompanyId: INTERNAL_COMPANY_ID,
    now: NOW,
  });

describe('the data dashboard figures', () => {
  it('counts every card, total, period and turnaround as the spec defines them', async () => {
    const { deps } = await getContext();
    const w = await worker();
    await w.make({
      status: STATUS.requestedByLawyer,
      rush: true,
      createdAt: ago(0.1),
      nextTodoDate: '2026-02-10',
    });
    const r2 = await w.make({
      status: STATUS.needAssistance,
      createdAt: ago(20),
      nextTodoDate: '2026-02-09',
    });
    // A reminder a person set (the others only have the automatic follow-up, or nothing).
    await deps.db.insert(notes).values({
      requestId: r2.id,
      companyId: w.firm.id,
      text: 'Called',
      createdAt: ago(16),
      reminderDate: '2026-02-09',
    });
    await w.make({ status: STATUS.inContact, createdAt: ago(50) });
    const r4 = await w.make({
      status: STATUS.closedArrived,
      createdAt: ago(10),
      receivedDocumentAt: ago(6),
      closedDate: ago(2),
    });
    await bill(r4.id, w.firm.id, 50);
    const r5 = await w.make({ status: STATUS.cancelled, createdAt: ago(40), closedDate: ago(40) });
    await bill(r5.id, w.firm.id, 10);

    const d = await load(w.auth());
    expect(d).toMatchObject({
      total_requests: 5,
      open_requests: 3,
      closed_requests: 2,
      total_price: '60.00',
      average_time: 4,
      closed_requests_in_last: { day: 0, week: 1, month: 1 },
      fees_in_last: { day: '0.00', week: '50.00', month: '50.00' },
    });
    expect(d.cards).toEqual({
      new_requests: 1,
      rush_requests: 1,
      unassigned_open_requests: 0,
      need_your_attention_requests: 1,
      requests_fifteen_days_old: 2,
      requests_thirty_days_old: 1,
      requests_fortyfive_days_old: 1,
      requests_fifteen_days_old_note: 2,
      requests_thirty_days_old_note: 1,
      requests_fortyfive_days_old_note: 1,
      today_reminder_requests: 1,
      old_reminder_requests: 1,
      requests_without_reminders: 2,
      requests_in_last_day: 1,
      requests_in_last_week: 1,
      requests_in_last_month: 3,
    });
    const me = d.employees[String(w.user.id)];
    expect(Object.keys(d.employees)).toEqual([String(w.user.id)]);
    expect(me).toMatchObject({
      total_employee_requests: 5,
      open: 3,
      closed: 2,
      overdue_requests: 1,
      average_turnaround: 4,
    });
    expect(d.law_firms[String(w.firm.id)]).toMatchObject({
      total_firm_requests: 5,
      total_price: '60.00',
      open: 3,
    });
    expect(d.table_data.all).toEqual({ created: 5, completed: 2, fees: '60.00', request_received: 1 });
    expect(d.table_data.week).toEqual({ created: 1, completed: 1, fees: '50.00', request_received: 1 });
  });

  it('counts a request as without a note for N days only when it was also created over N days ago', async () => {
    const { deps } = await getContext();
    const w = await worker();
    const note = (requestId: number, days: number) =>
      deps.db.insert(notes).values({ requestId, companyId: w.firm.id, text: 'Called', createdAt: ago(days) });
    // A note dated before its request (a date edited in data administration, an imported history).
    const recent = await w.make({ status: STATUS.inContact, createdAt: ago(10) });
    await note(recent.id, 40);
    const old = await w.make({ status: STATUS.inContact, createdAt: ago(50) });
    await note(old.id, 35);
    const d = await load(w.auth(), true);
    expect(d.cards).toMatchObject({
      requests_fifteen_days_old_note: 1,
      requests_thirty_days_old_note: 1,
      requests_fortyfive_days_old_note: 0,
    });
  });

  it('counts only open requests on the first load', async () => {
    const w = await worker();
    await w.make({ status: STATUS.inContact, createdAt: ago(3) });
    await w.make({ status: STATUS.closedArrived, createdAt: ago(3), closedDate: ago(1) });
    const d = await load(w.auth(), true);
    expect(d).toMatchObject({ open_only: true, total_requests: 1, open_requests: 1, closed_requests: 0 });
  });

  it('counts the last 24 hours as the last day, whatever the time zone', async () => {
    const w = await worker();
    // NOW is 18:00Z: 23 hours ago is in, 25 hours ago is out, in Denver and in UTC alike.
    await w.make({ status: STATUS.inContact, createdAt: new Date('2026-02-09T19:00:00Z') });
    await w.make({ status: STATUS.inContact, createdAt: new Date('2026-02-09T17:00:00Z') });
    for (const zone of ['UTC', 'America/Denver']) {
      const d = await load(w.auth(zone));
      expect([zone, d.cards.requests_in_last_day]).toEqual([zone, 1]);
      expect([zone, d.cards.requests_in_last_week]).toEqual([zone, 2]);
    }
  });

  it('averages the fee per completed and per closed request, to the cent', async () => {
    const w = await worker();
    await w.make({ status: STATUS.completedArrived, price: 38, createdAt: ago(3), completedDate: ago(1) });
    const unavailable = await w.make({ status: STATUS.completedUnavailable, createdAt: ago(3) });
    await bill(unavailable.id, w.firm.id, 20);
    const arrived = await w.make({ status: STATUS.closedArrived, createdAt: ago(3), closedDate: ago(1) });
    await bill(arrived.id, w.firm.id, 50);
    const cancelled = await w.make({ status: STATUS.cancelled, createdAt: ago(3), closedDate: ago(1) });
    await bill(cancelled.id, w.firm.id, 10.01);
    await w.make({ status: STATUS.inContact, createdAt: ago(3) });
    const d = await load(w.auth());
    expect(d).toMatchObject({
      total_price: '118.01',
      average_fee_per_completed_request: '29.00',
      average_fee_per_closed_request: '30.01',
    });
    const hidden = await load({ ...w.auth(), permissions: new Set() });
    expect(hidden.average_fee_per_completed_request).toBeNull();
  });

  it('leaves out fee figures without view_fees and the firm groups without view_company_counts', async () => {
    const w = await worker([]);
    const r = await w.make({ status: STATUS.closedArrived, createdAt: ago(3), closedDate: ago(1) });
    await bill(r.id, w.firm.id, 35);
    const d = await load(w.auth());
    expect(d).toMatchObject({ can_view_fees: false, can_view_company_counts: false, total_price: null });
    expect(d.fees_in_last).toEqual({ day: null, week: null, month: null });
    expect(d.table_data.all.fees).toBeNull();
    expect(d.law_firms).toEqual({});
    expect(d.employees[String(w.user.id)].fees_last.week).toBeNull();
  });
});

describe('the charts', () => {
  it('count opened, closed and turnaround per week (Monday first) and open requests by age', async () => {
    const { deps } = await getContext();
    const w = await worker();
    await w.make({ status: STATUS.inContact, createdAt: ago(0.1) });
    await w.make({ status: STATUS.inContact, createdAt: ago(20) });
    await w.make({ status: STATUS.inContact, createdAt: ago(50) });
    await w.make({
      status: STATUS.closedArrived,
      createdAt: ago(10),
      receivedDocumentAt: ago(6),
      closedDate: ago(2),
    });
    const t = await dashboardTrends(deps.db, w.auth(), NOW);
    expect(t.weeks).toHaveLength(12);
    const byWeek = Object.fromEntries(t.weeks.map((x) => [x.week_start, x]));
    // NOW is Tuesday 2026-02-10: this week began on Monday the 9th.
    expect(t.weeks.at(-1)).toMatchObject({ week_start: '2026-02-09', opened: 1, closed: 0 });
    expect(byWeek['2026-02-02']).toMatchObject({ opened: 0, closed: 1, average_turnaround: 4 });
    expect(byWeek['2026-01-26']).toMatchObject({ opened: 1 });
    expect(byWeek['2026-01-19']).toMatchObject({ opened: 1, average_turnaround: null });
    expect(t.open_by_age).toEqual([
      { bucket: '0-7 days', count: 1 },
      { bucket: '8-15 days', count: 0 },
      { bucket: '16-30 days', count: 1 },
      { bucket: '31-45 days', count: 0 },
      { bucket: 'Over 45 days', count: 1 },
    ]);
  });
});

describe('GET /api/home/dashboard/', () => {
  it('answers internal users only, with one card per staff member and the unassigned group', async () => {
    const { deps } = await getContext();
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const res = await get(
      '/api/home/dashboard/?status_open=true&related=working_on,patient,patient__company',
      admin.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DataDashboard;
    expect(body.open_only).toBe(true);
    expect(body.employees[String(admin.user.id)]).toMatchObject({ name: admin.user.fullName });
    expect(body.unassigned_requests).toMatchObject({
      id: null,
      name: 'Unassigned',
      notes_created_last: null,
    });
    const firmStaff = await signedIn(deps, { isStaff: true });
    expect((await get('/api/home/dashboard/', firmStaff.headers)).statusCode).toBe(403);
  });

  it("also names every figure as the spec's section 3 does, flat beside the grouped ones", async () => {
    const { deps } = await getContext();
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const res = await get('/api/home/dashboard/?related=working_on,patient,patient__company', admin.headers);
    const body = res.json() as DataDashboardResponse;
    for (const key of DATA_DASHBOARD_CARDS) expect(body[key], key).toBe(body.cards[key]);
    for (const period of DASHBOARD_PERIODS) {
      expect(body[`closed_requests_in_last_${period}`]).toBe(body.closed_requests_in_last[period]);
      expect(body[`fees_in_last_${period}`]).toBe(body.fees_in_last[period]);
      const employee = body.employees[String(admin.user.id)];
      expect(employee[`fees_last_${period}`]).toBe(employee.fees_last[period]);
      expect(employee[`notes_created_last_${period}`]).toBe(employee.notes_created_last?.[period]);
      expect(body.unassigned_requests[`notes_created_last_${period}`]).toBeNull();
      for (const firm of Object.values(body.law_firms)) {
        expect(firm[`requests_in_last_${period}`]).toBe(firm.requests_in_last[period]);
        expect(firm[`fees_last_${period}`]).toBe(firm.fees_last[period]);
      }
    }
    expect(Object.keys(body.law_firms).length).toBeGreaterThan(0);
  });
});
