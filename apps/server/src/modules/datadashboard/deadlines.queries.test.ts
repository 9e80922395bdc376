import {
  addBusinessDays,
  addCalendarDays,
  type DeadlineEscalation,
  ESCALATION_STATUSES,
  STATUS,
  todayIn,
} from '@dd/shared';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createRequest,
  INTERNAL_ADMIN,
  signedIn,
} from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

/**
 * GET /api/home/dashboard/deadlines/: due soon, overdue and 30+ days overdue per staff member and per firm,
 * each equal to the length of the staff list it links to.
 */
async function firmWithDeadlines(workerId: number) {
  const { deps } = await getContext();
  const company = await createCompany(deps.db);
  const patient = await createPatient(deps.db, company.id);
  const today = todayIn('UTC');
  const make = (
    dueDate: string,
    values: { workingOnId?: number; status?: string; archived?: boolean } = {},
  ) =>
    createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      status: (values.status ?? STATUS.inContact) as typeof STATUS.inContact,
      workingOnId: values.workingOnId ?? null,
      archived: values.archived ?? false,
      dueDate,
    });
  await make(addCalendarDays(today, -2), { workingOnId: workerId });
  await make(addCalendarDays(today, -5), { workingOnId: workerId });
  await make(addCalendarDays(today, -40), { workingOnId: workerId });
  await make(addBusinessDays(today, 1), { workingOnId: workerId });
  await make(addBusinessDays(today, 3));
  await make(addCalendarDays(today, 60), { workingOnId: workerId });
  // Neither a finished request nor an archived one is running late.
  await make(addCalendarDays(today, -2), { workingOnId: workerId, status: STATUS.completedArrived });
  await make(addCalendarDays(today, -2), { workingOnId: workerId, archived: true });
  return company;
}

async function escalation(headers: Record<string, string>): Promise<DeadlineEscalation> {
  const { app } = await getContext();
  const res = await app.inject({ url: '/api/home/dashboard/deadlines/', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function listCount(headers: Record<string, string>, query: string): Promise<number> {
  const { app } = await getContext();
  const res = await app.inject({ url: `/api/home/request/?count&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count;
}

describe('GET /api/home/dashboard/deadlines/', () => {
  it('counts per staff member and per firm exactly what the filtered staff list shows', async () => {
    const { deps } = await getContext();
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const worker = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const company = await firmWithDeadlines(worker.user.id);
    const body = await escalation(admin.headers);

    const mine = body.by_staff.find((s) => s.user?.id === worker.user.id);
    expect(mine).toEqual({
      user: { id: worker.user.id, full_name: worker.user.fullName },
      due_soon: 1,
      overdue: 2,
      very_overdue: 1,
    });
    const firm = body.by_firm?.find((f) => f.company.id === company.id);
    expect(firm).toEqual({
      company: { id: company.id, name: company.name },
      due_soon: 2,
      overdue: 2,
      very_overdue: 1,
    });
    for (const status of ESCALATION_STATUSES) {
      expect(await listCount(admin.headers, `deadline_status=${status}&working_on=${worker.user.id}`)).toBe(
        mine?.[status],
      );
      expect(await listCount(admin.headers, `deadline_status=${status}&patient__company=${company.id}`)).toBe(
        firm?.[status],
      );
      expect(await listCount(admin.headers, `deadline_status=${status}`)).toBe(body.total[status]);
    }
    const unclaimed = body.by_staff.find((s) => s.user === null);
    expect(unclaimed?.due_soon).toBe(
      await listCount(admin.headers, 'deadline_status=due_soon&working_on=none'),
    );
  });

  it('gives an internal user who is not staff their own claims only, and firms only with the permission', async () => {
    const { deps } = await getContext();
    const helper = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    const other = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    await firmWithDeadlines(helper.user.id);
    await firmWithDeadlines(other.user.id);
    const body = await escalation(helper.headers);
    expect(body.total).toEqual({ due_soon: 1, overdue: 2, very_overdue: 1 });
    expect(body.by_staff.map((s) => s.user?.id)).toEqual([helper.user.id]);
    expect(body.by_firm).toBeNull();
  });

  it('is not for law firms', async () => {
    const { deps, app } = await getContext();
    const company = await createCompany(deps.db);
    const firmStaff = await signedIn(deps, { companyId: company.id, isStaff: true });
    const res = await app.inject({ url: '/api/home/dashboard/deadlines/', headers: firmStaff.headers });
    expect(res.statusCode).toBe(403);
  });
});
