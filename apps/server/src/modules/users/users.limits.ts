import { USER_MSG } from '@dd/shared';
import { assertUnder, type RateRule, readWindow, recordHit, tooMany } from '../../auth/rate-limit';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';

/**
 * Limits that stop the user calls from testing who is registered (counts kept in PostgreSQL, shared by
 * every server instance): invitation and user-creation calls per company and per IP address, and how
 * many '… already exists at another law firm.' answers a firm receives per hour. Internal callers see
 * every company's users anyway, so their answers are not counted.
 */
const HOUR = 3600;

export interface InviteLimits {
  callsPerHour: number;
  existingEmailAnswersPerHour: number;
}

export const inviteLimits = (config: Config): InviteLimits => ({
  callsPerHour: config.INVITE_RATE_LIMIT,
  existingEmailAnswersPerHour: config.EXISTING_EMAIL_ANSWERS_PER_HOUR,
});

/** What a user call needs besides the caller: where it comes from and the limits. */
export interface UserCallContext {
  /** The caller's address as stored in audit rows (null when a trusted proxy forwarded garbage). */
  ip: string | null;
  /** The key of per-IP limits (see lib/client-ip.ts). */
  ipKey: string;
  limits: InviteLimits;
}

const companyRule = (l: InviteLimits): RateRule => ({
  bucket: 'invite:company',
  limit: l.callsPerHour,
  windowSeconds: HOUR,
});
const ipRule = (l: InviteLimits): RateRule => ({
  bucket: 'invite:ip',
  limit: 2 * l.callsPerHour,
  windowSeconds: HOUR,
});
const answersRule = (l: InviteLimits): RateRule => ({
  bucket: 'invite:existing-email',
  limit: l.existingEmailAnswersPerHour,
  windowSeconds: HOUR,
});

/** The answer naming addresses at other firms; it reaches the caller only through meterExistingEmails. */
export class ExistingEmailAnswer extends HttpError {
  constructor(
    readonly addresses: number,
    message: string,
    extra?: Record<string, unknown>,
  ) {
    super(400, message, undefined, extra);
  }
}

/**
 * A firm that has used up its answers gets 429 on every call that could answer, whatever its rows, so
 * the difference between 429 and success says nothing about an address.
 */
export async function assertExistingEmailAnswersLeft(
  db: Db,
  auth: Auth,
  ctx: UserCallContext,
): Promise<void> {
  if (can(auth, 'user.unlimitedEmailAnswers')) return;
  await assertUnder(db, answersRule(ctx.limits), String(auth.companyId), USER_MSG.tooManyExistingEmails);
}

/** Counts one invitation or user-creation call for the company and the caller's address; 429 beyond. */
export async function limitInviteCall(
  db: Db,
  auth: Auth,
  companyId: number,
  ctx: UserCallContext,
): Promise<void> {
  const company = companyRule(ctx.limits);
  const ip = ipRule(ctx.limits);
  await assertUnder(db, company, String(companyId), USER_MSG.tooManyInvites);
  await assertUnder(db, ip, ctx.ipKey, USER_MSG.tooManyInvites);
  await assertExistingEmailAnswersLeft(db, auth, ctx);
  await recordHit(db, company, String(companyId));
  await recordHit(db, ip, ctx.ipKey);
}

/**
 * Runs `work` (a transaction that may refuse addresses at other firms). Outside the rolled-back
 * transaction, each such address is counted; when they exceed what the firm may still learn, the
 * answer is a 429 that names none of them (and uses up the rest of the hour's answers).
 */
export async function meterExistingEmails<T>(
  db: Db,
  auth: Auth,
  ctx: UserCallContext,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ExistingEmailAnswer) || can(auth, 'user.unlimitedEmailAnswers')) throw error;
    const rule = answersRule(ctx.limits);
    const key = String(auth.companyId);
    const state = await readWindow(db, rule, key);
    const allowed = Math.max(0, rule.limit - state.count);
    for (let i = 0; i < Math.min(allowed, error.addresses); i += 1) await recordHit(db, rule, key);
    if (error.addresses > allowed) {
      throw tooMany(state.retryAfter || rule.windowSeconds, USER_MSG.tooManyExistingEmails);
    }
    throw error;
  }
}
