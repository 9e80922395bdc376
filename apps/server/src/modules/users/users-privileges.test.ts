import { USER_MSG } from '@dd/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createUser, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { auditEvents, users } from '../../db/schema';
import { call, uniqueEmail } from './users.fixtures';

/**
 * The privilege ladder: internal admin > internal staff > internal user > firm staff > firm user. Only
 * internal administrators change internal users; nobody changes a user above them or grants more than
 * they have; changing the e-mail of a privileged user is an admin action and is audited.
 */
const userRow = async (id: number) => {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  return row;
};
const auditOf = async (targetUserId: number) => {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetUserId, targetUserId))
    .orderBy(auditEvents.id);
};

describe('changing internal users', () => {
  it("non-admin internal staff cannot change the admin's e-mail, deactivate or delete the admin", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const admin = who.internalAdmin.user;
    const url = `/api/user/user/${admin.id}/`;
    const steal = await call('POST', url, who.internalStaff.headers, { email: uniqueEmail('thief') });
    expect(steal.statusCode).toBe(403);
    expect(steal.json().error).toBe(USER_MSG.internalAdminOnly);
    const off = await call('POST', url, who.internalStaff.headers, { is_active: false });
    expect(off.statusCode).toBe(403);
    const gone = await call('POST', `${url}delete/`, who.internalStaff.headers);
    expect(gone.statusCode).toBe(403);

    expect(await userRow(admin.id)).toMatchObject({ email: admin.email, isActive: true });
    expect((await call('GET', '/users/user/', who.internalAdmin.headers)).statusCode).toBe(200);
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it('only an internal admin adds, changes or removes internal users (also through the invite grid)', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const colleague = await createUser(deps.db, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const create = await call('POST', '/api/user/user/', who.internalStaff.headers, {
      email: uniqueEmail('insider'),
      company_id: INTERNAL_COMPANY_ID,
      is_staff: true,
    });
    expect(create.statusCode).toBe(403);
    const rename = await call('POST', `/api/user/user/${colleague.id}/`, who.internalStaff.headers, {
      first_name: 'Renamed',
    });
    expect(rename.statusCode).toBe(403);
    const grid = await call('POST', '/api/user/invite/', who.internalStaff.headers, {
      company_id: INTERNAL_COMPANY_ID,
      rows: [{ email: who.internalStaff.user.email, admin_access: 'TRUE' }],
    });
    expect(grid.statusCode).toBe(403);
    expect(await userRow(colleague.id)).toMatchObject({ firstName: colleague.firstName, isActive: true });
    expect(await userRow(who.internalAdmin.user.id)).toMatchObject({ isActive: true });

    const byAdmin = await call('POST', `/api/user/user/${colleague.id}/`, who.internalAdmin.headers, {
      first_name: 'Renamed',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().first_name).toBe('Renamed');
  });
});

describe('granting and e-mail changes', () => {
  it('firm staff cannot make themselves or others admin', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    for (const target of [who.firmStaff.user, who.firmUser.user]) {
      const res = await call('POST', `/api/user/user/${target.id}/`, who.firmStaff.headers, {
        is_admin_user: true,
        is_staff: true,
      });
      expect(res.json().is_admin_user ?? false).toBe(false);
      expect((await userRow(target.id)).isAdminUser).toBe(false);
    }
    const grid = await call('POST', '/api/user/invite/', who.firmStaff.headers, {
      company_id: who.firmStaff.user.companyId,
      rows: [
        { email: who.firmStaff.user.email, admin_access: 'TRUE', is_admin_user: 'TRUE' },
        { email: who.firmUser.user.email, admin_access: 'TRUE', is_admin_user: true },
      ],
    });
    expect(grid.statusCode).toBe(200);
    expect((await userRow(who.firmUser.user.id)).isAdminUser).toBe(false);
  });

  it("a firm's staff cannot change the e-mail of a colleague with admin access, nor can internal staff", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const partner = await createUser(deps.db, { companyId: who.firmStaff.user.companyId, isStaff: true });
    for (const actor of [who.firmStaff, who.internalStaff]) {
      const res = await call('POST', `/api/user/user/${partner.id}/`, actor.headers, {
        email: uniqueEmail('hijack'),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(USER_MSG.privilegedEmailAdminOnly);
    }
    expect((await userRow(partner.id)).email).toBe(partner.email);
    // A user without privileges may still be corrected by their firm's staff.
    const plain = uniqueEmail('plain');
    const ok = await call('POST', `/api/user/user/${who.firmUser.user.id}/`, who.firmStaff.headers, {
      email: plain,
    });
    expect(ok.json().email).toBe(plain);
  });

  it("an admin changes a staff member's e-mail: 200 and one audit row with who, what and from where", async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const staff = who.internalStaff.user;
    const to = uniqueEmail('new.address');
    const res = await call(
      'POST',
      `/api/user/user/${staff.id}/`,
      who.internalAdmin.headers,
      { email: to },
      '10.1.2.3',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(to);
    const audit = await auditOf(staff.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: who.internalAdmin.user.id,
      action: 'user.email_changed',
      targetUserId: staff.id,
      details: { from: staff.email, to },
      ip: '10.1.2.3',
    });
  });
});

describe('deactivating and deleting', () => {
  it('ends the sessions of a deactivated or deleted user and logs it for privileged users', async () => {
    const { deps } = await getContext();
    const who = await callers(deps);
    const staffer = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const off = await call('POST', `/api/user/user/${staffer.user.id}/`, who.internalAdmin.headers, {
      is_active: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/users/user/', staffer.headers)).statusCode).toBe(401);
    expect(
      (await call('POST', '/users/token/refresh/', undefined, { refresh: staffer.refresh })).statusCode,
    ).toBe(401);
    const [deactivated] = await auditOf(staffer.user.id);
    expect(deactivated).toMatchObject({ action: 'user.deactivated', actorId: who.internalAdmin.user.id });

    const partner = await signedIn(deps, { companyId: who.firmStaff.user.companyId, isStaff: true });
    const gone = await call('POST', `/api/user/user/${partner.user.id}/delete/`, who.firmStaff.headers);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', '/users/user/', partner.headers)).statusCode).toBe(401);
    const { deps: d } = await getContext();
    const deleted = await d.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, partner.user.id), eq(auditEvents.action, 'user.deleted')));
    expect(deleted).toHaveLength(1);
    expect(deleted[0].details).toMatchObject({ email: partner.user.email });
  });
});
