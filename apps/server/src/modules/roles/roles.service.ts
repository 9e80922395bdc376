import { ROLE_MSG, type Role, type RoleBodySchema } from '@dd/shared';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  deleteRoleRow,
  insertRole,
  lockRole,
  roleExists,
  roleMembersOfFirm,
  roleNamed,
  rolesByName,
  setUserRole,
  someRoleHolder,
  updateRoleRow,
  userFirmAndStaff,
} from './roles.queries';

/**
 * Roles and the named permissions they carry, managed by internal administrators on the Roles
 * and permissions screen. Only users of the retrieval company hold roles; a change applies from their
 * next call, because every call reads the caller's permissions afresh.
 */
type RoleInput = z.output<typeof RoleBodySchema>;

export async function listRoles(db: DbOrTx, auth: Auth): Promise<Role[]> {
  authorize(auth, 'role.manage');
  const rows = await rolesByName(db);
  const members = rows.length
    ? await roleMembersOfFirm(
        db,
        rows.map((r) => r.id),
        auth.companyId,
      )
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions,
    members: members.filter((m) => m.roleId === r.id).map(({ id, full_name }) => ({ id, full_name })),
  }));
}

async function assertNameFree(db: DbOrTx, name: string, except?: number) {
  const taken = await roleNamed(db, name, except);
  if (taken) throw conflict(ROLE_MSG.nameTaken);
}

export async function createRole(db: Db, auth: Auth, body: RoleInput): Promise<Role> {
  authorize(auth, 'role.manage');
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const row = await insertRole(tx, body);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'role.created',
      details: { role_id: row.id, ...body },
    });
    return row.id;
  });
  return roleById(db, auth, id);
}

export async function updateRole(db: Db, auth: Auth, id: number, body: RoleInput): Promise<Role> {
  authorize(auth, 'role.manage');
  await db.transaction(async (tx) => {
    await assertNameFree(tx, body.name, id);
    const row = await updateRoleRow(tx, id, body);
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'role.updated',
      details: { role_id: id, ...body },
    });
  });
  return roleById(db, auth, id);
}

export async function deleteRole(db: Db, auth: Auth, id: number): Promise<void> {
  authorize(auth, 'role.manage');
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (!role) throw notFound();
    const holder = await someRoleHolder(tx, id);
    if (holder) throw conflict(ROLE_MSG.inUse);
    await deleteRoleRow(tx, id);
    await recordAudit(tx, { actorId: auth.userId, action: 'role.deleted', details: { role_id: id } });
  });
}

/**
 * Gives an internal staff member a role (or takes it from anyone). Firm users hold no roles (their
 * permissions would not count), nor do internal users who are not staff (decision 039).
 */
export async function assignRole(db: Db, auth: Auth, userId: number, roleId: number | null): Promise<Role[]> {
  authorize(auth, 'role.manage');
  await db.transaction(async (tx) => {
    const user = await userFirmAndStaff(tx, userId);
    if (!user) throw notFound();
    if (user.companyId !== auth.companyId) throw badRequest(ROLE_MSG.internalOnly);
    // Only staff hold work (claims, assignments), so only staff hold a role; taking one away always works.
    if (roleId !== null && !user.isStaff) throw badRequest(ROLE_MSG.staffOnly);
    if (roleId !== null) {
      if (!(await roleExists(tx, roleId)))
        throw badRequest('That role does not exist.', { role_id: 'That role does not exist.' });
    }
    await setUserRole(tx, userId, roleId);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'role.assigned',
      targetUserId: userId,
      details: { role_id: roleId },
    });
  });
  return listRoles(db, auth);
}

async function roleById(db: DbOrTx, auth: Auth, id: number): Promise<Role> {
  const role = (await listRoles(db, auth)).find((r) => r.id === id);
  if (!role) throw notFound();
  return role;
}
