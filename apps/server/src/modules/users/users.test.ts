import { describe, expect, it } from 'vitest';
import { createCompany, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

async function list(headers: Record<string, string>, query: string) {
  const { app } = await getContext();
  return app.inject({ url: `/api/user/User/${query}`, headers });
}

describe('GET /api/user/User/?company_id=', () => {
  it("lists the company's active users by last name, each inside a User object, without secrets", async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
    await createUser(deps.db, { companyId: company.id, isActive: false });
    const res = await list(staff.headers, `?company_id=${company.id}`);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      User: {
        id: staff.user.id,
        first_name: staff.user.firstName,
        last_name: staff.user.lastName,
        full_name: staff.user.fullName,
        email: staff.user.email,
        is_staff: true,
        is_active: true,
      },
    });
    const more = await Promise.all([
      createUser(deps.db, { companyId: company.id }),
      createUser(deps.db, { companyId: company.id }),
    ]);
    const names = (await list(staff.headers, `?company_id=${company.id}`))
      .json()
      .map((i: { User: { last_name: string } }) => i.User.last_name);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(1 + more.length);
  });

  it('lets any user list their own company and internal users any company; others get 404', async () => {
    const { deps } = await getContext();
    const company = await createCompany(deps.db);
    const paralegal = await signedIn(deps, { companyId: company.id });
    const stranger = await signedIn(deps, { isStaff: true });
    const internal = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID });
    expect((await list(paralegal.headers, `?company_id=${company.id}`)).statusCode).toBe(200);
    expect((await list(internal.headers, `?company_id=${company.id}`)).statusCode).toBe(200);
    expect((await list(stranger.headers, `?company_id=${company.id}`)).statusCode).toBe(404);
    expect((await list(paralegal.headers, '')).statusCode).toBe(400);
    const unknown = await list(paralegal.headers, `?company_id=${company.id}&is_active=false`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('is_active');
  });
});
