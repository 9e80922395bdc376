import { MSG } from '@dd/shared';
import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { HttpError } from '../lib/errors';

/**
 * Sliding-window rate limits kept in PostgreSQL, so every server instance sees the same counts
 * (login, sign-up, contact form, invitations). A hit is one row; a window is counted with an index.
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface WindowState {
  count: number;
  /** Seconds until the oldest hit in the window leaves it (0 when the window is empty). */
  retryAfter: number;
  /** Time of the newest hit in the window, or null. */
  newestAt: Date | null;
  /** The database's clock, to compare with `newestAt` whatever the server's clock says. */
  now: Date;
}

export async function readWindow(db: DbOrTx, rule: RateRule, key: string): Promise<WindowState> {
  const since = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .select({
      count: count(),
      oldest: min(rateLimitHits.hitAt),
      newest: sql<Date | string | null>`max(${rateLimitHits.hitAt})`,
      now: sql<Date | string>`now()`,
    })
    .from(rateLimitHits)
    .where(
      and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since)),
    );
  const now = new Date(row.now).getTime();
  const oldest = row.oldest ? new Date(row.oldest).getTime() : null;
  return {
    count: Number(row.count),
    retryAfter:
      oldest === null ? 0 : Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - now) / 1000)),
    newestAt: row.newest ? new Date(row.newest) : null,
    now: new Date(now),
  };
}

/**
 * Counts one event and prunes what has left this key's window (and, now and then, every old row).
 * Returns the hit's id, so a provisional hit can be taken back with `deleteHits`.
 */
export async function recordHit(db: DbOrTx, rule: RateRule, key: string): Promise<number> {
  const [hit] = await db
    .insert(rateLimitHits)
    .values({ bucket: rule.bucket, key })
    .returning({ id: rateLimitHits.id });
  await db
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.key, key),
        lt(rateLimitHits.hitAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`),
      ),
    );
  if (Math.random() < 0.01) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, sql`now() - interval '2 days'`));
  }
  return hit.id;
}

export async function deleteHits(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}

/** Forgets every hit of one key (for example a pair's failures after a successful sign-in). */
export async function clearKey(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
}

export function tooMany(retryAfter: number, message: string = MSG.tooManyAttempts): HttpError {
  return new HttpError(429, message, undefined, { retry_after: retryAfter });
}

/**
 * Throws 429 when the key has used its window already; otherwise counts this call. The check and the
 * count hold a transaction lock on (bucket, key), so a burst of simultaneous calls from one client (on
 * any instance) cannot all pass a nearly full window.
 */
export async function consume(db: DbOrTx, rule: RateRule, key: string, message?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${rule.bucket}), hashtext(${key}))`);
    const state = await readWindow(tx, rule, key);
    if (state.count >= rule.limit) throw tooMany(state.retryAfter, message);
    await recordHit(tx, rule, key);
  });
}

/** Throws 429 when the key has used its window, without counting this call. */
export async function assertUnder(db: DbOrTx, rule: RateRule, key: string, message?: string): Promise<void> {
  const state = await readWindow(db, rule, key);
  if (state.count >= rule.limit) throw tooMany(state.retryAfter, message);
}
