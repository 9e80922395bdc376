import type { CompanyUser, ManagedUser } from '@dd/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

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

export async function findUser(db: DbOrTx, id: number, scope?: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), scope));
  return row;
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
export const userBriefColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  full_name: users.fullName,
  email: users.email,
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

/** Users whose e-mail equals one of `emails` (already lower-cased), in any company. */
export function usersByEmails(db: DbOrTx, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
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
