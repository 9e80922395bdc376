import { randomUUID } from 'node:crypto';
import { ROLE_MSG } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { post } from '../requests/requests.staff-fixtures';

/** Roles and permissions: internal administrators grant named permissions; they take effect. */
async function admin() {
  const { deps } = await getContext();
  return signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true, isAdminUser: true });
}

async function abilitiesOf(headers: Record<string, string>) {
  const { app } = await getContext();
  return (await app.inject({ url: '/users/user/', headers })).json().abilities;
}

describe('roles and permissions', () => {
  it('creates a role, gives it to a staff member, and the permissions apply on their next call', async () => {
    const { deps, app } = await getContext();
    const boss = await admin();
    const staffer = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect(await abilitiesOf(staffer.headers)).toMatchObject({
      view_fees: false,
      view_company_counts: false,
    });

    const name = `Billing ${randomUUID().slice(0, 6)}`;
    const created = await post('/api/user/roles/', boss.headers, { name, permissions: ['view_fees'] });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name, permissions: ['view_fees'], members: [] });

    const given = await post(`/api/user/user/${staffer.user.id}/role/`, boss.headers, { role_id: role.id });
    expect(given.statusCode, given.body).toBe(200);
    const listed = given.json().find((r: { id: number }) => r.id === role.id);
    expect(listed.members).toEqual([{ id: staffer.user.id, full_name: staffer.user.fullName }]);
    expect(await abilitiesOf(staffer.headers)).toMatchObject({ view_fees: true, view_company_counts: false });

    const changed = await post(`/api/user/roles/${role.id}/`, boss.headers, {
      name,
      permissions: ['view_company_counts'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await abilitiesOf(staffer.headers)).toMatchObject({ view_fees: false, view_company_counts: true });

    // Held roles are not deleted from under their holders.
    const refused = await post(`/api/user/roles/${role.id}/delete/`, boss.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ROLE_MSG.inUse);
    await post(`/api/user/user/${staffer.user.id}/role/`, boss.headers, { role_id: null });
    expect(await abilitiesOf(staffer.headers)).toMatchObject({ view_company_counts: false });
    expect((await post(`/api/user/roles/${role.id}/delete/`, boss.headers, {})).statusCode).toBe(200);
    const roles = await app.inject({ url: '/api/user/roles/', headers: boss.headers });
    expect(roles.json().map((r: { id: number }) => r.id)).not.toContain(role.id);
  });

  it('refuses duplicate names, unknown permissions, and roles for law-firm users', async () => {
    const { deps } = await getContext();
    const boss = await admin();
    const who = await callers(deps);
    const name = `Desk ${randomUUID().slice(0, 6)}`;
    expect((await post('/api/user/roles/', boss.headers, { name, permissions: [] })).statusCode).toBe(201);
    const twice = await post('/api/user/roles/', boss.headers, { name: name.toUpperCase(), permissions: [] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(ROLE_MSG.nameTaken);
    const unknown = await post('/api/user/roles/', boss.headers, {
      name: `${name} 2`,
      permissions: ['root'],
    });
    expect(unknown.statusCode).toBe(400);
    const firm = await post(`/api/user/user/${who.firmStaff.user.id}/role/`, boss.headers, { role_id: null });
    expect(firm.statusCode).toBe(400);
    expect(firm.json().error).toBe(ROLE_MSG.internalOnly);
  });

  it('is for internal administrators only: staff cannot grant themselves permissions', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    for (const caller of [who.internalStaff, who.internalUser, who.firmStaff]) {
      const self = await post(`/api/user/user/${caller.user.id}/role/`, caller.headers, { role_id: null });
      expect(self.statusCode).toBe(403);
      const create = await post('/api/user/roles/', caller.headers, {
        name: 'Mine',
        permissions: ['view_fees'],
      });
      expect(create.statusCode).toBe(403);
    }
  });

  it('gives roles to staff only: a Direct Docs user who is not staff can hold no work, so no role', async () => {
    const { deps } = await getContext();
    const boss = await admin();
    const who = await callers(deps);
    const created = await post('/api/user/roles/', boss.headers, {
      name: `Claims ${randomUUID().slice(0, 6)}`,
      permissions: ['release_any_claim'],
    });
    const roleId = created.json().id;
    const refused = await post(`/api/user/user/${who.internalUser.user.id}/role/`, boss.headers, {
      role_id: roleId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ROLE_MSG.staffOnly);
    // Taking a role away is always allowed (someone made non-staff after holding one).
    const cleared = await post(`/api/user/user/${who.internalUser.user.id}/role/`, boss.headers, {
      role_id: null,
    });
    expect(cleared.statusCode).toBe(200);
    const given = await post(`/api/user/user/${who.internalStaff.user.id}/role/`, boss.headers, {
      role_id: roleId,
    });
    expect(given.statusCode).toBe(200);
  });
});
