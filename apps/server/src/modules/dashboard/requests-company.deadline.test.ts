import { addBusinessDays, addCalendarDays, type DashboardRequest, STATUS, todayIn } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';

/**
 * The firm dashboard's requests list and the legal clock: every row carries its due date, the rule that
 * set it and where it stands; `?deadline_status=` keeps the open requests whose due date stands there.
 */
async function firmWithDueDates() {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const patient = await createPatient(deps.db, company.id);
  const provider = await createProvider(deps.db, { state: 'TX' });
  const today = todayIn('UTC');
  const make = (dueDate: string | null, status: string = STATUS.inContact) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      userId: staff.user.id,
      providerId: provider.id,
      status: status as typeof STATUS.inContact,
      dueDate,
      deadlineRule: dueDate ? 'tx-electronic' : null,
      legalBasis: 'patient_access',
    });
  return {
    company,
    staff,
    late: await make(addCalendarDays(today, -3)),
    veryLate: await make(addCalendarDays(today, -45)),
    soon: await make(addBusinessDays(today, 2)),
    later: await make(addCalendarDays(today, 40)),
    unsent: await make(null),
    finishedLate: await make(addCalendarDays(today, -3), STATUS.completedArrived),
  };
}

async function page(companyId: number, headers: Record<string, string>, query = '') {
  const { app } = await getContext();
  const res = await app.inject({ url: `/api/requests-company/${companyId}/${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((r: { request: DashboardRequest }) => r.request) as DashboardRequest[];
}

describe('GET /api/requests-company/{company_id}/ and the legal clock', () => {
  it('gives every request its due date, the rule that set it and where it stands', async () => {
    const f = await firmWithDueDates();
    const rows = await page(f.company.id, f.staff.headers, '?open_request=No&page_size=10');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(f.late.id)).toMatchObject({
      legal_basis: 'patient_access',
      due_date: f.late.dueDate,
      deadline_rule: 'Texas electronic health records: 15 business days (Tex. Health & Safety Code 181.102)',
      deadline_status: 'overdue',
    });
    expect(byId.get(f.soon.id)?.deadline_status).toBe('due_soon');
    expect(byId.get(f.veryLate.id)?.deadline_status).toBe('very_overdue');
    expect(byId.get(f.unsent.id)).toMatchObject({
      due_date: null,
      deadline_rule: null,
      deadline_status: null,
    });
    // A finished request keeps its date but runs against no deadline.
    expect(byId.get(f.finishedLate.id)).toMatchObject({
      due_date: f.finishedLate.dueDate,
      deadline_status: null,
    });
  });

  it('?deadline_status= keeps the open requests whose due date stands there, page after page', async () => {
    const f = await firmWithDueDates();
    const ids = async (status: string, extra = '') =>
      (await page(f.company.id, f.staff.headers, `?deadline_status=${status}${extra}`)).map((r) => r.id);
    expect(await ids('overdue')).toEqual([f.late.id]);
    expect(await ids('overdue', '&open_request=No')).toEqual([f.late.id]);
    expect(await ids('very_overdue')).toEqual([f.veryLate.id]);
    expect(await ids('due_soon')).toEqual([f.soon.id]);
    expect(await ids('on_track')).toEqual([f.later.id]);
    // The prepared statement of a shape answers each status with its own dates.
    expect(await ids('overdue')).toEqual([f.late.id]);
    const { app } = await getContext();
    const refused = await app.inject({
      url: `/api/requests-company/${f.company.id}/?deadline_status=late`,
      headers: f.staff.headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('never shows another firm’s overdue requests', async () => {
    const f = await firmWithDueDates();
    const other = await firmWithDueDates();
    expect((await page(f.company.id, f.staff.headers, '?deadline_status=overdue')).map((r) => r.id)).toEqual([
      f.late.id,
    ]);
    const { app } = await getContext();
    const theirs = await app.inject({
      url: `/api/requests-company/${other.company.id}/?deadline_status=overdue`,
      headers: f.staff.headers,
    });
    expect(theirs.statusCode).not.toBe(200);
  });
});
