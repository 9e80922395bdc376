import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens, refreshTokens, sessions, users } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { isSecret, secretOfFirm } from '../lib/firm-secrets';
import { signAccessToken } from './jwt';

/**
 * Sessions and their tokens. A sign-in opens a session row; the access JWT names it (`sid`) and its
 * refresh tokens form one family (family id = session id). Every call and every refresh checks the
 * session, so revoking it, inactivity or its absolute lifetime end it at once on every instance.
 * Refresh tokens are opaque, stored hashed and rotated on every use; presenting one that was already
 * used revokes the session (theft detection).
 * Refresh and single-use tokens carry their firm (lib/firm-secrets.ts).
 */
export interface TokenSettings {
  jwtSecret: string;
  accessMinutes: number;
  refreshDays: number;
  /** Absolute session lifetime, whatever the activity. */
  sessionMaxHours: number;
  /** Server-side inactivity timeout. */
  sessionTimeoutMinutes: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** SQL condition: the token table's row is the presented token's. */
const isToken = (table: typeof refreshTokens | typeof oneTimeTokens, token: string) =>
  isSecret({ companyId: table.companyId, hash: table.tokenHash }, token);

/** SQL condition: the session is not revoked, was seen recently and is younger than its lifetime. */
export function sessionIsLive(settings: TokenSettings): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${settings.sessionTimeoutMinutes})`),
    gt(sessions.createdAt, sql`now() - make_interval(hours => ${settings.sessionMaxHours})`),
  ) as SQL;
}

/** A user with the firm their sessions and tokens belong to. */
export interface TokenOwner {
  id: number;
  companyId: number;
}

/** Opens a session for the user (sign-in, sign-up) and returns its first token pair. */
export async function issueTokens(db: DbOrTx, user: TokenOwner, settings: TokenSettings): Promise<TokenPair> {
  const sessionId = randomUUID();
  await db.insert(sessions).values({ id: sessionId, userId: user.id, companyId: user.companyId });
  return tokensFor(db, sessionId, user, settings);
}

async function tokensFor(
  db: DbOrTx,
  sessionId: string,
  user: TokenOwner,
  settings: TokenSettings,
): Promise<TokenPair> {
  const refresh = secretOfFirm(user.companyId);
  await db.insert(refreshTokens).values({
    userId: user.id,
    companyId: user.companyId,
    familyId: sessionId,
    tokenHash: sha256(refresh),
    // Never beyond the session's absolute end, computed on the database clock.
    expiresAt: sql`least(now() + make_interval(days => ${settings.refreshDays}),
      (select ${sessions.createdAt} from ${sessions}
       where ${sessions.companyId} = ${user.companyId} and ${sessions.id} = ${sessionId})
        + make_interval(hours => ${settings.sessionMaxHours}))`,
  });
  const claims = { sub: user.id, sid: sessionId, cid: user.companyId };
  const access = signAccessToken(claims, settings.jwtSecret, settings.accessMinutes * 60);
  return { access, refresh };
}

export async function rotateRefreshToken(
  db: DbOrTx,
  presented: string,
  settings: TokenSettings,
): Promise<TokenPair | null> {
  // Atomic: only one caller can mark an unused token as used.
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        isToken(refreshTokens, presented),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: refreshTokens.userId,
      companyId: refreshTokens.companyId,
      sessionId: refreshTokens.familyId,
    });
  if (claimed) {
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
      .where(
        and(
          eq(sessions.companyId, claimed.companyId),
          eq(sessions.id, claimed.sessionId),
          eq(users.isActive, true),
          sessionIsLive(settings),
        ),
      );
    const owner = { id: claimed.userId, companyId: claimed.companyId };
    if (live) return tokensFor(db, claimed.sessionId, owner, settings);
    await revokeSession(db, claimed);
    return null;
  }

  const [known] = await db
    .select({ sessionId: refreshTokens.familyId, companyId: refreshTokens.companyId })
    .from(refreshTokens)
    .where(isToken(refreshTokens, presented));
  if (known) await revokeSession(db, known);
  return null;
}

/** Ends one session: its access tokens are refused from the next call, its refresh tokens at once. */
export async function revokeSession(
  db: DbOrTx,
  session: { sessionId: string; companyId: number },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.companyId, session.companyId),
        eq(sessions.id, session.sessionId),
        isNull(sessions.revokedAt),
      ),
    );
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.companyId, session.companyId),
        eq(refreshTokens.familyId, session.sessionId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Sign-out with a refresh token: ends the session it belongs to. */
export async function revokeRefreshToken(db: DbOrTx, presented: string): Promise<void> {
  const [row] = await db
    .select({ sessionId: refreshTokens.familyId, companyId: refreshTokens.companyId })
    .from(refreshTokens)
    .where(isToken(refreshTokens, presented));
  if (row) await revokeSession(db, row);
}

/** Ends every session of the user (password reset, deactivation, deletion). */
export async function revokeAllForUser(db: DbOrTx, user: TokenOwner): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.companyId, user.companyId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)),
    );
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.companyId, user.companyId),
        eq(refreshTokens.userId, user.id),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

export type OneTimePurpose = 'reset' | 'invite' | 'confirm';

/** Single-use link token (reset, invite or e-mail confirmation). Returns the plain token for the e-mailed link. */
export async function createOneTimeToken(
  db: DbOrTx,
  user: TokenOwner,
  purpose: OneTimePurpose,
  hours: number,
): Promise<string> {
  const token = secretOfFirm(user.companyId);
  await db.insert(oneTimeTokens).values({
    userId: user.id,
    companyId: user.companyId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return token;
}

/**
 * Marks the token used if it is valid for this user and one of `purposes`, and returns the user with their
 * firm; null when missing, used, expired, another user's or made for something else. By default the
 * password links (reset, invite): an e-mail confirmation link must never set a password.
 */
export async function consumeOneTimeToken(
  db: DbOrTx,
  userId: number,
  token: string,
  purposes: readonly OneTimePurpose[] = ['reset', 'invite'],
): Promise<TokenOwner | null> {
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        isToken(oneTimeTokens, token),
        eq(oneTimeTokens.userId, userId),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: oneTimeTokens.userId, companyId: oneTimeTokens.companyId });
  return used ?? null;
}
