// SQL of the accounts: finding a user by address, sign-in, password reset, sign-up and confirmation, and the
// signed-in user's own settings.
import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { companies, roles, users } from '../../db/schema';
import { loginsByEmails } from '../users/users.queries';

/**
 * The user whose address, lower-cased, is `lowered` (addresses are unique ignoring case, across firms): the
 * address's login row says which firm's user it is, then the user is read in that firm.
 */
export async function userWithLowerEmail(db: DbOrTx, lowered: string) {
  const [login] = await loginsByEmails(db, [lowered]);
  if (!login) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, login.companyId), eq(users.id, login.userId)));
  return user;
}

type UserKey = { id: number; companyId: number };
const userIs = (user: UserKey) => and(eq(users.companyId, user.companyId), eq(users.id, user.id));

/** Sets the password and confirms the address if not yet. */
export async function setPasswordConfirmingEmail(
  tx: DbOrTx,
  user: UserKey,
  passwordHash: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(userIs(user));
}

const ownRow = (auth: Auth) => userIs({ id: auth.userId, companyId: auth.companyId });

/** The signed-in user's row with their company's name and their role's permissions. */
export async function currentUserRow(db: DbOrTx, auth: Auth) {
  const [row] = await db
    .select({ user: users, companyName: companies.name, permissions: roles.permissions })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(ownRow(auth));
  return row;
}

export async function setWeeklyDeadlineDigest(db: DbOrTx, auth: Auth, wanted: boolean): Promise<void> {
  await db.update(users).set({ weeklyDeadlineDigest: wanted }).where(ownRow(auth));
}

export async function setTimeZone(db: DbOrTx, auth: Auth, timezone: string): Promise<void> {
  await db.update(users).set({ timezone }).where(ownRow(auth));
}

/** Stamps the sign-in time and, when given, the browser's zone on the user's row. */
export async function recordSignInOnUser(
  db: DbOrTx,
  user: { id: number; companyId: number },
  timezone: string | undefined,
): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()`, ...(timezone ? { timezone } : {}) })
    .where(and(eq(users.companyId, user.companyId), eq(users.id, user.id)));
}

/** Opens a signed-up firm. */
export async function insertSignupCompany(
  tx: DbOrTx,
  firm: { name: string; adminEmail: string },
): Promise<{ id: number }> {
  const [company] = await tx
    .insert(companies)
    .values({ name: firm.name, adminName: firm.name, adminEmail: firm.adminEmail })
    .returning({ id: companies.id });
  return company;
}

/** The signed-up firm's first user: staff, address not confirmed yet. */
export async function insertSignupUser(
  tx: DbOrTx,
  person: { firstName: string; lastName: string; email: string; passwordHash: string; companyId: number },
): Promise<{ id: number; companyId: number; email: string; firstName: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      passwordHash: person.passwordHash,
      companyId: person.companyId,
      isStaff: true,
      type: 'User',
      emailConfirmedAt: null,
    })
    .returning({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      firstName: users.firstName,
    });
  return user;
}

export async function confirmUserEmail(tx: DbOrTx, user: UserKey): Promise<void> {
  await tx
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(userIs(user));
}

/** The signed-in user's address, first name and when it was confirmed. */
export async function ownConfirmationState(db: DbOrTx, auth: Auth) {
  const [user] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      firstName: users.firstName,
      confirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(and(eq(users.companyId, auth.companyId), eq(users.id, auth.userId)));
  return user;
}
