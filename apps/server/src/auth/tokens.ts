import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens, refreshTokens } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { signAccessToken } from './jwt';

/**
 * Access tokens are short-lived JWTs; refresh tokens are opaque, stored hashed, rotated on every use.
 * Presenting a refresh token that was already used revokes its whole family (theft detection).
 */
export interface TokenSettings {
  jwtSecret: string;
  accessMinutes: number;
  refreshDays: number;
}

export async function issueTokens(
  db: DbOrTx,
  userId: number,
  settings: TokenSettings,
  familyId: string = randomUUID(),
): Promise<{ access: string; refresh: string }> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + settings.refreshDays * 86_400_000),
  });
  return { access: signAccessToken(userId, settings.jwtSecret, settings.accessMinutes * 60), refresh };
}

export async function rotateRefreshToken(
  db: DbOrTx,
  presented: string,
  settings: TokenSettings,
): Promise<{ access: string; refresh: string } | null> {
  const hash = sha256(presented);
  // Atomic: only one caller can mark an unused token as used.
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (claimed) return issueTokens(db, claimed.userId, settings, claimed.familyId);

  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash));
  if (known) await revokeFamily(db, known.familyId);
  return null;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshToken(db: DbOrTx, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(db, row.familyId);
}

export async function revokeAllForUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Single-use link token (reset or invite). Returns the plain token to put in the e-mailed link. */
export async function createOneTimeToken(
  db: DbOrTx,
  userId: number,
  purpose: 'reset' | 'invite',
  hours: number,
): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return token;
}

/** Marks the token used if it is valid for this user; false when missing, used, expired or another user's. */
export async function consumeOneTimeToken(db: DbOrTx, userId: number, token: string): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.userId, userId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}
