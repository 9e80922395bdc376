import { ROLE_MSG, type Role, type RoleBodySchema } from '@dd/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';

/**
 * Roles and the named permissions they carry, managed by internal administrators on the Roles
 * and permissions screen. Only users of the retrieval company hold roles; a change applies from their
 * next call, because every call reads the caller's permissions afresh.
 */
type RoleInput = z.output<typeof RoleBodySchema>;

export async function listRoles(db: DbOrTx, auth: Auth): Promise<Role[]> {
  authorize(auth, 'role.manage');
  const rows = await db.select().from(roles).orderBy(asc(roles.name));
  const members = rows.length
    ? await db
        .select({ id: users.id, full_name: users.fullName, roleId: users.roleId })
        .from(users)
        .where(
          and(
            inArray(
              users.roleId,
              rows.map((r) => r.id),
            ),
            eq(users.companyId, auth.companyId),
          ),
        )
        .orderBy(asc(users.fullName))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions,
    members: members.filter((m) => m.roleId === r.id).map(({ id, full_name }) => ({ id, full_name })),
  }));
}

async function assertNameFree(db: DbOrTx, name: string, except?: number) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, except ? ne(roles.id, except) : undefined));
  if (taken) throw conflict(ROLE_MSG.nameTaken);
}

export async function createRole(db: Db, auth: Auth, body: RoleInput): Promise<Role> {
  authorize(auth, 'role.manage');
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const [row] = await tx
      .insert(roles)
      .values({ name: body.name, permissions: body.permissions })
      .returning({ id: roles.id });
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
    const [row] = await tx
      .update(roles)
      .set({ name: body.name, permissions: body.permissions })
      .where(eq(roles.id, id))
      .returning({ id: roles.id });
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
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    if (!role) throw notFound();
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, id)).limit(1);
    if (holder) throw conflict(ROLE_MSG.inUse);
    await tx.delete(roles).where(eq(roles.id, id));
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
    const [user] = await tx
      .select({ companyId: users.companyId, isStaff: users.isStaff })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    if (user.companyId !== auth.companyId) throw badRequest(ROLE_MSG.internalOnly);
    // Only staff hold work (claims, assignments), so only staff hold a role; taking one away always works.
    if (roleId !== null && !user.isStaff) throw badRequest(ROLE_MSG.staffOnly);
    if (roleId !== null) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
      if (!role) throw badRequest('That role does not exist.', { role_id: 'That role does not exist.' });
    }
    await tx.update(users).set({ roleId }).where(eq(users.id, userId));
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
