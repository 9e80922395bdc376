// SQL of the roles (kept by the retrieval company: roles have no tenant column; their holders are its users).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect;
type RoleFields = { name: string; permissions: RoleRow['permissions'] };

export function rolesByName(db: DbOrTx): Promise<RoleRow[]> {
  return db.select().from(roles).orderBy(asc(roles.name));
}

/** The users of `companyId` who hold one of these roles, by name. */
export function roleMembersOfFirm(db: DbOrTx, roleIds: number[], companyId: number) {
  return db
    .select({ id: users.id, full_name: users.fullName, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.roleId, roleIds), eq(users.companyId, companyId)))
    .orderBy(asc(users.fullName));
}

/** Another role with this name, case ignored (other than `except`). */
export async function roleNamed(
  db: DbOrTx,
  name: string,
  except?: number,
): Promise<{ id: number } | undefined> {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, except ? ne(roles.id, except) : undefined));
  return taken;
}

export async function insertRole(tx: DbOrTx, body: RoleFields): Promise<{ id: number }> {
  const [row] = await tx
    .insert(roles)
    .values({ name: body.name, permissions: body.permissions })
    .returning({ id: roles.id });
  return row;
}

/** The updated role's id, or undefined when there is none. */
export async function updateRoleRow(
  tx: DbOrTx,
  id: number,
  body: RoleFields,
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .update(roles)
    .set({ name: body.name, permissions: body.permissions })
    .where(eq(roles.id, id))
    .returning({ id: roles.id });
  return row;
}

export async function lockRole(tx: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
  return role;
}

/** Some user (of any firm) holding the role, if any. */
export async function someRoleHolder(tx: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, id)).limit(1);
  return holder;
}

export async function deleteRoleRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** The user's firm and staff flag, whatever the firm (the caller checks it). */
export async function userFirmAndStaff(
  tx: DbOrTx,
  userId: number,
): Promise<{ companyId: number; isStaff: boolean } | undefined> {
  const [user] = await tx
    .select({ companyId: users.companyId, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function roleExists(tx: DbOrTx, roleId: number): Promise<boolean> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  return role !== undefined;
}

export async function setUserRole(tx: DbOrTx, userId: number, roleId: number | null): Promise<void> {
  await tx.update(users).set({ roleId }).where(eq(users.id, userId));
}
