import { MSG } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import { beginLoginAttempt } from '../../auth/login-limits';
import { dummyHash, verifyPassword } from '../../auth/passwords';
import { issueTokens, type TokenPair } from '../../auth/tokens';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { recordSignInOnUser } from './accounts.queries';
import { findUserByEmail } from './accounts.service';

/**
 * Sign-in: the limits first (auth/login-limits.ts), then the password, then a new session. Unknown
 * addresses, wrong passwords and inactive users get the same answer and are counted the same way.
 */
export async function signIn(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'config'>,
  input: { email: string; password: string; ip: string; auditIp?: string | null; timezone?: string },
): Promise<TokenPair> {
  const { db } = deps;
  const attempt = await beginLoginAttempt(db, deps.config.LOGIN_RATE_LIMIT, {
    email: input.email,
    ip: input.ip,
  });
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  const ip = input.auditIp ?? null;
  if (!user || !ok || !user.isActive) {
    // A failed sign-in to a real account is audited against it (unknown addresses are only rate limited).
    if (user)
      await recordAudit(db, { actorId: null, action: 'auth.signin_failed', targetUserId: user.id, ip });
    throw badRequest(MSG.wrongCredentials);
  }
  await attempt.succeeded();
  await recordAudit(db, { actorId: user.id, action: 'auth.signin', targetUserId: user.id, ip });
  // The browser's zone (already checked by LoginSchema); without one the stored zone stays.
  await recordSignInOnUser(db, user, input.timezone);
  return issueTokens(db, user, deps.tokens);
}
