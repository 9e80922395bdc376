import type { DashboardClient } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, type TestContext } from '../../../test/helpers';
import { requests } from '../../db/schema';
import { type DashboardFirm, dashboardFirm, filesInEveryState } from './dashboard.fixtures';

/** GET /api/requests-company/{company_id}/?return_patients=Yes: the clients panel. */
let ctx: TestContext;
let firm: DashboardFirm;

beforeAll(async () => {
  ctx = await getContext();
  firm = await dashboardFirm(ctx.deps);
  // Mia: r1 (completed, received) with files in every state; Amy: r3 (open); Zed: r2 (open).
  await filesInEveryState(ctx.deps, firm.r1.id, firm.staff.user.id);
  // A client with no requests is not listed.
  await createPatient(ctx.deps.db, firm.company.id, { firstName: 'Nora', lastName: 'Nobody' });
});

async function clients(query: string, headers = firm.staff.headers, returnPatients = 'Yes') {
  const res = await ctx.app.inject({
    url: `/api/requests-company/${firm.company.id}/?return_patients=${returnPatients}${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: DashboardClient[] };
}

describe('clients panel', () => {
  it('lists clients with open requests by default, in name order, with their counts', async () => {
    const body = await clients('');
    // A client from the spec, which names the parameter without its values, may send true.
    expect(await clients('', firm.staff.headers, 'true')).toEqual(body);
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        patient: {
          id: firm.patients.amy.id,
          full_name: `Amy ${firm.patients.amy.lastName}`,
          first_name: 'Amy',
          last_name: firm.patients.amy.lastName,
        },
        open_requests: 1,
        total_requests: 1,
        files_ready: 0,
      },
      expect.objectContaining({ patient: expect.objectContaining({ id: firm.patients.zed.id }) }),
    ]);
  });

  it('open_request=No lists every client with requests and counts ready files', async () => {
    const body = await clients('&open_request=No');
    expect(body.results.map((c) => c.patient.first_name)).toEqual(['Amy', 'Mia', 'Zed']);
    expect(body.results[1]).toMatchObject({ open_requests: 0, total_requests: 1, files_ready: 1 });
  });

  it('counts every request of a client and the open ones among them', async () => {
    const extra = await createRequest(ctx.deps.db, {
      companyId: firm.company.id,
      patientId: firm.patients.mia.id,
      userId: firm.paralegal.user.id,
    });
    const body = await clients('');
    const mia = body.results.find((c) => c.patient.id === firm.patients.mia.id);
    expect(mia).toMatchObject({ open_requests: 1, total_requests: 2, files_ready: 1 });
    await ctx.deps.db.delete(requests).where(eq(requests.id, extra.id));
  });

  it('filters by client name, any case, treating % and _ literally', async () => {
    const body = await clients(`&open_request=No&client_name=${encodeURIComponent('zULu')}`);
    expect(body.results.map((c) => c.patient.id)).toEqual([firm.patients.zed.id]);
    expect((await clients('&open_request=No&client_name=%25')).count).toBe(0);
  });

  it('pages the clients', async () => {
    const body = await clients('&open_request=No&page_size=10&page=1');
    expect(body.next).toBeNull();
    expect((await clients('&open_request=No&page=2')).results).toEqual([]);
  });

  it('shows a paralegal only clients of their own requests', async () => {
    const body = await clients('&open_request=No', firm.other.headers);
    expect(body.results.map((c) => c.patient.id)).toEqual([firm.patients.zed.id]);
  });

  it('view-as user and internal staff follow the same rules as the requests list', async () => {
    const asStaff = await clients(`&open_request=No&user=${firm.staff.user.id}`);
    expect(asStaff.results.map((c) => c.patient.id)).toEqual([firm.patients.amy.id]);
    const internal = await signedIn(ctx.deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await clients('&open_request=No', internal.headers)).count).toBe(3);
    const stranger = await signedIn(ctx.deps);
    const res = await ctx.app.inject({
      url: `/api/requests-company/${firm.company.id}/?return_patients=Yes`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
