import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { clearKey, deleteHits, type RateRule, readWindow, recordHit, tooMany } from './rate-limit';

/**
 * Sign-in and password-reset limits, kept in PostgreSQL so every server instance sees the same counts.
 * With L = LOGIN_RATE_LIMIT, in a 15-minute window:
 * - per (address, IP): L failures, then 429 for that pair;
 * - per IP: 5 x L failures, then 429;
 * - per address across all IPs: never a lock-out, only a delay. Past 2 x L failures, an attempt
 *   sooner than min(2^(n - 2L), 60) seconds after the newest failure gets 429 and Retry-After.
 * Unknown addresses are counted like known ones, so the answers reveal nothing.
 */
export const LOGIN_BUCKETS = {
  pair: 'login-pair',
  ip: 'login-ip',
  address: 'login-address',
  resetAddress: 'reset-address',
  resetIp: 'reset-ip',
} as const;

const WINDOW_SECONDS = 15 * 60;
const MAX_DELAY_SECONDS = 60;

function loginRules(limit: number) {
  const rule = (bucket: string, n: number): RateRule => ({ bucket, limit: n, windowSeconds: WINDOW_SECONDS });
  return {
    pair: rule(LOGIN_BUCKETS.pair, limit),
    ip: rule(LOGIN_BUCKETS.ip, limit * 5),
    address: rule(LOGIN_BUCKETS.address, limit * 2),
  };
}

/**
 * Runs `fn` in a short transaction holding advisory locks on the address and the IP, so concurrent
 * attempts (on any instance) are checked and counted one after the other, not all against the same
 * count. Locks are taken in a fixed order (address class, then IP class) so they cannot deadlock.
 */
function locked<T>(db: Db, email: string, ip: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7101, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(7102, hashtext(${ip}))`);
    return fn(tx);
  });
}

export interface LoginAttempt {
  /** The password was right: take back this attempt's provisional failure and clear the pair's. */
  succeeded(): Promise<void>;
}

/**
 * Checks every sign-in limit, then records this attempt as a failure in advance (so attempts running
 * at the same time count each other). A failed attempt leaves it in place; `succeeded` removes it.
 */
export async function beginLoginAttempt(
  db: Db,
  limit: number,
  attempt: { email: string; ip: string },
): Promise<LoginAttempt> {
  const rules = loginRules(limit);
  const pairKey = `${attempt.email}|${attempt.ip}`;
  const ids = await locked(db, attempt.email, attempt.ip, async (tx) => {
    for (const [rule, key] of [
      [rules.pair, pairKey],
      [rules.ip, attempt.ip],
    ] as const) {
      const state = await readWindow(tx, rule, key);
      if (state.count >= rule.limit) throw tooMany(state.retryAfter);
    }
    const address = await readWindow(tx, rules.address, attempt.email);
    if (address.count > rules.address.limit && address.newestAt) {
      const delay = Math.min(2 ** (address.count - rules.address.limit), MAX_DELAY_SECONDS);
      const waited = (address.now.getTime() - address.newestAt.getTime()) / 1000;
      if (waited < delay) throw tooMany(Math.max(1, Math.ceil(delay - waited)));
    }
    return [
      await recordHit(tx, rules.ip, attempt.ip),
      await recordHit(tx, rules.address, attempt.email),
      await recordHit(tx, rules.pair, pairKey),
    ];
  });
  return {
    async succeeded() {
      await deleteHits(db, ids);
      await clearKey(db, rules.pair.bucket, pairKey);
    },
  };
}

/**
 * Password-reset requests (`/users/userCheck/`): L per address and 5 x L per IP in 15 minutes, every
 * request counted, so neither the e-mails nor the 'no user' answers can be had in bulk.
 */
export async function limitResetRequest(
  db: Db,
  limit: number,
  request: { email: string; ip: string },
): Promise<void> {
  const address: RateRule = { bucket: LOGIN_BUCKETS.resetAddress, limit, windowSeconds: WINDOW_SECONDS };
  const ip: RateRule = { bucket: LOGIN_BUCKETS.resetIp, limit: limit * 5, windowSeconds: WINDOW_SECONDS };
  await locked(db, request.email, request.ip, async (tx) => {
    for (const [rule, key] of [
      [address, request.email],
      [ip, request.ip],
    ] as const) {
      const state = await readWindow(tx, rule, key);
      if (state.count >= rule.limit) throw tooMany(state.retryAfter);
    }
    await recordHit(tx, address, request.email);
    await recordHit(tx, ip, request.ip);
  });
}
