import type { CompanyUser, ManagedUser } from '@dd/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, reachableUsers } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, roles, userDirectory, users } from '../../db/schema';

/** SQL for users. Callers decide which company a caller may reach; these helpers do not. */
export type UserRow = typeof users.$inferSelect;

export function presentUser(row: UserRow): ManagedUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: row.fullName,
    email: row.email,
    phone_number: row.phoneNumber,
    company_id: row.companyId,
    role_id: row.roleId,
    is_staff: row.isStaff,
    is_active: row.isActive,
    is_admin_user: row.isAdminUser,
    invite_pending: row.passwordHash === null,
  };
}

async function findUser(db: DbOrTx, id: number, scope?: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), scope));
  return row;
}

/** The user, if of that firm. */
export function userOfFirm(db: DbOrTx, id: number, companyId: number): Promise<UserRow | undefined> {
  return findUser(db, id, eq(users.companyId, companyId));
}

/** The user, if of the caller's firm (any firm for internal users). */
export function userOfCallerFirm(db: DbOrTx, auth: Auth, id: number): Promise<UserRow | undefined> {
  return findUser(db, id, ownFirm(auth, users.companyId));
}

/** Every user of a company, active or not, by last name. */
export function listCompanyUsers(db: DbOrTx, companyId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** A user as other records name them (UserBrief): main contact, requester, note author. */
const userBriefColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  full_name: users.fullName,
  email: users.email,
};

/** The same, from the user directory: for people a firm's rows name who may be of another firm (staff). */
export const directoryBriefColumns = {
  id: userDirectory.userId,
  first_name: userDirectory.firstName,
  last_name: userDirectory.lastName,
  full_name: userDirectory.fullName,
  email: userDirectory.email,
};

/** The active users of a company, by last name, in the shape of the request form's Main Contact select. */
export function listActiveCompanyUsers(db: DbOrTx, companyId: number): Promise<CompanyUser['User'][]> {
  return db
    .select({
      ...userBriefColumns,
      is_staff: users.isStaff,
      is_active: users.isActive,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Whose each of `emails` (already lower-cased) is, in any firm: the user and their firm. */
export function loginsByEmails(
  db: DbOrTx,
  emails: string[],
): Promise<{ email: string; userId: number; companyId: number }[]> {
  if (emails.length === 0) return Promise.resolve([]);
  const email = sql<string>`lower(${userDirectory.email})`;
  return db
    .select({ email, userId: userDirectory.userId, companyId: userDirectory.companyId })
    .from(userDirectory)
    .where(inArray(email, emails));
}

/**
 * Of `ids`, the users that anything still points at: requests (main contact, requester, claim), notes,
 * verified files or the file-access log. Deleting them would erase who did what, so they are
 * deactivated instead. (Outer columns are qualified by hand: a subquery would capture bare names.)
 * A law firm's users (`firm`) leave history in their own firm only; internal users' spans every firm.
 */
export async function usersWithHistory(
  db: DbOrTx,
  company: { id: number; firm: boolean },
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const own = (alias: string) =>
    company.firm ? sql.raw(` and ${alias}.company_id = "users".company_id`) : sql``;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${inArray(users.id, ids)} and ${users.companyId} = ${company.id} and (
        exists (select 1 from requests r where r.company_id = ${users}.company_id and r.user_id = ${users}.id)
        or exists (select 1 from requests r where r.requester_id = ${users}.id)
        or exists (select 1 from requests r where r.working_on_id = ${users}.id)
        or exists (select 1 from notes n where n.user_id = ${users}.id${own('n')})
        or exists (select 1 from files f where f.verified_by_id = ${users}.id${own('f')})
        or exists (select 1 from file_accesses fa where fa.user_id = ${users}.id${own('fa')}))`,
    );
  return new Set(rows.map((r) => r.id));
}

/** Locks the company row (serialises saves of one company's users); its id and name. */
export async function companyForUpdate(
  tx: DbOrTx,
  companyId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return company;
}

export async function companyNameOf(tx: DbOrTx, companyId: number): Promise<{ name: string } | undefined> {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}

/** The caller's own full name. */
export async function callerFullName(tx: DbOrTx, auth: Auth): Promise<string | undefined> {
  const [me] = await tx
    .select({ fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return me?.fullName;
}

/** Locks a user the caller may reach (reachableUsers). */
export async function reachableUserForUpdate(
  tx: DbOrTx,
  auth: Auth,
  id: number,
): Promise<UserRow | undefined> {
  const [current] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), reachableUsers(auth)))
    .for('update');
  return current;
}

type UserFields = Pick<
  typeof users.$inferInsert,
  'firstName' | 'lastName' | 'phoneNumber' | 'isStaff' | 'isActive'
>;

/** Updates a user of the given firm; the saved row. */
export async function updateUserOfFirm(
  tx: DbOrTx,
  user: { id: number; companyId: number },
  fields: UserFields & { email?: string },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set(fields)
    .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId)))
    .returning();
  return row;
}

export function insertUsers(
  tx: DbOrTx,
  rows: (UserFields & { email: string; companyId: number })[],
): Promise<UserRow[]> {
  return tx.insert(users).values(rows).returning();
}

export async function deactivateUserOfFirm(tx: DbOrTx, id: number, companyId: number): Promise<void> {
  await tx
    .update(users)
    .set({ isActive: false })
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
}

export async function deleteUserOfFirm(tx: DbOrTx, id: number, companyId: number): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, id), eq(users.companyId, companyId)));
}

/** Of `roleIds`, the roles that carry at least one permission. */
export async function rolesWithPermissions(tx: DbOrTx, roleIds: number[]): Promise<Set<number>> {
  if (!roleIds.length) return new Set();
  const rows = await tx
    .select({ id: roles.id, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.id, roleIds));
  return new Set(rows.filter((r) => r.permissions.length > 0).map((r) => r.id));
}
