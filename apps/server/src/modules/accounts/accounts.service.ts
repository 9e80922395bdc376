import { type CurrentUser, MSG, type SignupInput } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { consumeOneTimeToken, createOneTimeToken, revokeAllForUser } from '../../auth/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { companies, roles, users } from '../../db/schema';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, notFound } from '../../lib/errors';
import type { Mail } from '../../lib/outbox';

/** Sign-up, password reset and the current-user view. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

/**
 * A sign-up opens a new law-firm account with the person as its staff user
 * (docs/decisions/003-sign-up-creates-a-firm.md).
 */
export async function signUp(db: Db, input: SignupInput): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    const [company] = await tx
      .insert(companies)
      .values({
        name: `${input.first_name} ${input.last_name}`,
        adminName: `${input.first_name} ${input.last_name}`,
        adminEmail: input.email,
      })
      .returning({ id: companies.id });
    const [user] = await tx
      .insert(users)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        companyId: company.id,
        isStaff: true,
        type: 'User',
      })
      .returning({ id: users.id });
    return user.id;
  });
}

/** Sends the reset link when the address belongs to an active user; says whether it did. */
export async function requestPasswordReset(
  db: Db,
  mail: Mail,
  email: string,
  resetHours: number,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user?.isActive) return false;
  await db.transaction(async (tx) => {
    const token = await createOneTimeToken(tx, user.id, 'reset', resetHours);
    const url = `${mail.publicUrl}/passwordReset/${user.id}/?token=${encodeURIComponent(token)}`;
    const content = renderEmail({
      title: 'Reset your Direct Docs password',
      paragraphs: [
        `Hello ${user.firstName},`,
        `We received a request to reset the password for your account. The link below works once and expires in ${resetHours} hours.`,
        'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      ],
      action: { label: 'Choose a new password', url },
    });
    await mail.enqueue(tx, {
      to: user.email,
      subject: 'Reset your Direct Docs password',
      template: 'password-reset',
      ...content,
    });
  });
  return true;
}

export async function resetPassword(db: Db, userId: number, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, userId, token))) throw badRequest(MSG.resetLinkInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAllForUser(tx, userId);
  });
}

export async function getCurrentUser(
  db: DbOrTx,
  userId: number,
  settings: { internalCompanyId: number; sessionMinutes: number },
): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, companyName: companies.name, permissions: roles.permissions })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const u = row.user;
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: u.fullName,
    email: u.email,
    phone_number: u.phoneNumber,
    company_id: u.companyId,
    company_name: row.companyName,
    role_id: u.roleId,
    is_staff: u.isStaff,
    is_active: u.isActive,
    is_admin_user: u.isAdminUser,
    is_internal: u.companyId === settings.internalCompanyId,
    permissions: row.permissions ?? [],
    session_timeout_minutes: settings.sessionMinutes,
  };
}
