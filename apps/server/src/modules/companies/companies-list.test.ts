import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, createRequest, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

/** GET /api/companies/: the /companyList/ page with its counts, for internal users only. */
async function list(headers: Record<string, string>, query: string) {
  const { app } = await getContext();
  return app.inject({ url: `/api/companies/${query}`, headers });
}

describe('GET /api/companies/', () => {
  it('pages companies by name with user, request and open-request counts', async () => {
    const { deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const tag = `Listed${Date.now()}`;
    const busy = await createCompany(deps.db, { name: `${tag} Alpha`, city: 'Denver', state: 'CO' });
    await createCompany(deps.db, { name: `${tag} Beta` });
    await createCompany(deps.db, { name: `${tag} Gamma` });
    const user = await createUser(deps.db, { companyId: busy.id });
    await createUser(deps.db, { companyId: busy.id, isActive: false });
    const patient = await createPatient(deps.db, busy.id);
    const base = { patientId: patient.id, companyId: busy.id, userId: user.id };
    await createRequest(deps.db, base);
    await createRequest(deps.db, { ...base, status: 'Need Assistance' });
    await createRequest(deps.db, { ...base, status: 'Closed - Documents Arrived' });
    await createRequest(deps.db, { ...base, status: 'Completed - Documents Arrived' });
    await createRequest(deps.db, { ...base, active: false });

    const first = await list(staff.headers, `?name=${tag}&page=1&page_size=2`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(3);
    expect(body.previous).toBeNull();
    expect(body.next).toContain('page=2');
    expect(body.results).toEqual([
      {
        id: busy.id,
        name: `${tag} Alpha`,
        city: 'Denver',
        state: 'CO',
        users_count: 2,
        requests_count: 4,
        open_requests_count: 2,
      },
      expect.objectContaining({
        name: `${tag} Beta`,
        users_count: 0,
        requests_count: 0,
        open_requests_count: 0,
      }),
    ]);
    const second = (await list(staff.headers, `?name=${tag}&page=2&page_size=2`)).json();
    expect(second.results.map((r: { name: string }) => r.name)).toEqual([`${tag} Gamma`]);
    expect(second.next).toBeNull();
  });

  it('is for internal users only and accepts only page, page_size and name', async () => {
    const { deps } = await getContext();
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    const firmStaff = await signedIn(deps, { isStaff: true });
    expect((await list(internal.headers, '')).statusCode).toBe(200);
    expect((await list(firmStaff.headers, '')).statusCode).toBe(403);
    const unknown = await list(internal.headers, '?order_by=name');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('order_by');
    expect((await list(internal.headers, '?page_size=101')).statusCode).toBe(400);
  });

  it('lists law firms only: Direct Docs itself is not a customer, in either company list', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const [internal] = (
      await app.inject({ url: `/api/home/company/${INTERNAL_COMPANY_ID}/`, headers: staff.headers })
    ).json();
    const name = internal.company.name as string;
    const paged = (await list(staff.headers, `?name=${encodeURIComponent(name)}&page_size=100`)).json();
    expect(paged.results.map((c: { id: number }) => c.id)).not.toContain(INTERNAL_COMPANY_ID);
    const all = (await app.inject({ url: '/api/home/company/', headers: staff.headers })).json();
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((c: { id: number }) => c.id)).not.toContain(INTERNAL_COMPANY_ID);
    // Its own page stays reachable for its details and its people.
    expect(internal.company).toMatchObject({ id: INTERNAL_COMPANY_ID, is_internal: true });
  });
});
