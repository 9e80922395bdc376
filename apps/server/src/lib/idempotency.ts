import { createHash } from 'node:crypto';
import { MSG } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../authz';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, HttpError } from './errors';

/**
 * Write calls that must not happen twice: an order, a split, a billing. The HTTP timeout can cut the
 * client off while the server goes on and stores the work, so the client sends the same call again.
 * With an `Idempotency-Key` header, the same key from the same user within 24 hours answers the first
 * call's status and body without doing the work again; the same key with another request is refused.
 *
 * The whole call (the work and the answer it reads back) runs in ONE transaction, key or not: a call
 * answered with an error (a lost connection) has stored nothing, and an answered one has stored
 * everything. The key's row is claimed first in that transaction: a second call with the same key waits
 * for the first to end, then answers from its row (or, if the first failed, does the work itself).
 */
const IDEMPOTENCY_HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (runWrite); the OpenAPI document lists the header. */
    idempotent?: boolean;
  }
}

/** The header as the OpenAPI document shows it on routes with `config.idempotent`. */
export const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'Optional. The same key from the same user within 24 hours answers the first call again instead of doing it twice; with a different request it is refused (422).',
    },
  },
} as const;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface WriteAnswer<T, S extends number = number> {
  status: S;
  body: T;
}

/** The header's key, if sent; a malformed one is refused before anything runs. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw badRequest(MSG.idempotencyKeyInvalid);
  return value;
}

/** What was asked, as one hash: the same key may only ever stand for this. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null]))
    .digest('base64url');
}

/** Runs `work` for the call (see above) and gives the status and body to answer with. */
export async function runWrite<T, S extends number>(
  db: Db,
  request: FastifyRequest,
  status: S,
  work: (db: Db) => Promise<T>,
): Promise<WriteAnswer<T, S>> {
  const key = idempotencyKeyOf(request);
  return db.transaction(async (tx) => {
    // The services open their own transaction on what they are given: inside this one, a savepoint.
    const inTransaction = tx as unknown as Db;
    if (!key) return { status, body: await work(inTransaction) };
    const { userId, companyId } = requireAuth(request);
    const hash = requestHash(request);
    const earlier = await claimKey(tx, { userId, companyId }, key, hash);
    // Answered by the call that claimed the key, on this same route: the same status and body shape.
    if (earlier) return earlier as WriteAnswer<T, S>;
    const body = await work(inTransaction);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: status, response: JSON.parse(JSON.stringify(body)) })
      .where(keyOf(userId, companyId, key));
    return { status, body };
  });
}

/**
 * Claims the key for this call, or answers what the call that claimed it answered. The insert waits
 * while another transaction holds the same key, so two identical calls at once never both run.
 */
async function claimKey(
  tx: Tx,
  { userId, companyId }: { userId: number; companyId: number },
  key: string,
  hash: string,
): Promise<WriteAnswer<unknown> | undefined> {
  const mine = keyOf(userId, companyId, key);
  await tx.delete(idempotencyKeys).where(and(mine, sql`${idempotencyKeys.createdAt} < ${expiredBefore}`));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, companyId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return undefined;
  const [earlier] = await tx.select().from(idempotencyKeys).where(mine);
  if (!earlier || earlier.statusCode === null) throw new HttpError(409, MSG.idempotencyKeyInUse);
  if (earlier.requestHash !== hash) throw new HttpError(422, MSG.idempotencyKeyReused);
  return { status: earlier.statusCode, body: earlier.response };
}

/** The row of a caller's key (its primary key, which names the firm: docs/scale.md). */
const keyOf = (userId: number, companyId: number, key: string) =>
  and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.companyId, companyId),
    eq(idempotencyKeys.key, key),
  );

/** Keys older than this are forgotten: the same key may then stand for a new call. */
const expiredBefore = sql`now() - interval '24 hours'`;

/** The hourly chore's part: rows nobody can replay any more. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < ${expiredBefore}`);
}
