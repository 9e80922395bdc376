import { type CurrentUser, DEADLINE_DIGEST_MSG, MSG } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { limitResetRequest } from '../../auth/login-limits';
import { hashPassword } from '../../auth/passwords';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  revokeAllForUser,
  revokeRefreshToken,
  revokeSession,
  type TokenOwner,
} from '../../auth/tokens';
import type { Auth } from '../../authz';
import { callerAbilities } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';
import {
  currentUserRow,
  setPasswordConfirmingEmail,
  setTimeZone,
  setWeeklyDeadlineDigest,
  userWithLowerEmail,
} from './accounts.queries';

/** Finding a user by address, password reset and the current-user view (sign-up: signup.service.ts). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  return userWithLowerEmail(db, email.trim().toLowerCase());
}

/** A fresh single-use reset link for the user (the e-mail, or an operator's `npm run admin -- reset-link`). */
export async function createResetLink(
  tx: DbOrTx,
  publicUrl: string,
  user: TokenOwner,
  resetHours: number,
): Promise<string> {
  const token = await createOneTimeToken(tx, user, 'reset', resetHours);
  return `${publicUrl}/passwordReset/${user.id}/?token=${encodeURIComponent(token)}`;
}

/**
 * Sends the reset link when the address belongs to an active user; says whether it did. Every request
 * counts against the address and the IP first (auth/login-limits.ts). The link rides as the outbox's
 * secret: it is readable only in the delivered e-mail, never in the outbox.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  request: { email: string; ip: string },
): Promise<boolean> {
  const { db, mail } = deps;
  const { email } = request;
  const resetHours = deps.config.RESET_TOKEN_HOURS;
  await limitResetRequest(db, deps.config.LOGIN_RATE_LIMIT, {
    email: email.trim().toLowerCase(),
    ip: request.ip,
  });
  const user = await findUserByEmail(db, email);
  if (!user?.isActive) return false;
  await db.transaction(async (tx) => {
    const link = await createResetLink(tx, mail.publicUrl, user, resetHours);
    const content = renderEmail({
      title: 'Reset your Direct Docs password',
      paragraphs: [
        `Hello ${user.firstName},`,
        `We received a request to reset the password for your account. The link below works once and expires in ${resetHours} hours.`,
        'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      ],
      action: { label: 'Choose a new password', url: SECRET_LINK_PLACEHOLDER },
    });
    await mail.enqueue(tx, {
      to: user.email,
      subject: 'Reset your Direct Docs password',
      template: 'password-reset',
      secretLink: link,
      ...content,
    });
  });
  return true;
}

/** Sign-out: either credential ends its session, the refresh token or the bearer token of a live session. */
export async function signOut(
  db: Db,
  credentials: {
    refresh: string | null | undefined;
    session: { sessionId: string; companyId: number } | null;
  },
): Promise<void> {
  if (credentials.refresh) await revokeRefreshToken(db, credentials.refresh);
  if (credentials.session) await revokeSession(db, credentials.session);
}

/** Sets the password from a reset or invitation link; opening a link sent to the address proves it. */
export async function resetPassword(db: Db, userId: number, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, userId, token);
    if (!owner) throw badRequest(MSG.resetLinkInvalid);
    await setPasswordConfirmingEmail(tx, owner, passwordHash);
    await revokeAllForUser(tx, owner);
  });
}

export async function getCurrentUser(
  db: DbOrTx,
  auth: Auth,
  settings: { internalCompanyId: number; sessionMinutes: number },
): Promise<CurrentUser> {
  const row = await currentUserRow(db, auth);
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
    email_confirmed: u.emailConfirmedAt !== null,
    timezone: auth.timezone,
    weekly_deadline_digest: u.weeklyDeadlineDigest,
    abilities: callerAbilities(auth),
  };
}

/** A firm user's own choice of the weekly deadline e-mail (internal users have no firm to report on). */
export async function setOwnDeadlineDigest(
  db: DbOrTx,
  auth: Auth,
  wanted: boolean,
): Promise<{ weekly_deadline_digest: boolean }> {
  if (auth.isInternal) throw forbidden(DEADLINE_DIGEST_MSG.firmsOnly);
  await setWeeklyDeadlineDigest(db, auth, wanted);
  return { weekly_deadline_digest: wanted };
}

/** The signed-in user's own IANA zone (already checked and normalised by TimeZoneSchema). */
export async function setOwnTimeZone(
  db: DbOrTx,
  auth: Auth,
  timezone: string,
): Promise<{ timezone: string }> {
  await setTimeZone(db, auth, timezone);
  return { timezone };
}
