import { type RequestType, requestTypeExistsMessage } from '@dd/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { requestTypeChoices, requestTypes } from '../../db/schema';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { conflict, notFound } from '../../lib/errors';

/**
 * Request types admin (staff spec: add by name, list sorted by name, delete). Names are unique ignoring
 * case (checked first for the message, and by the unique index for races). Requests hold their types as
 * rows that RESTRICT the delete, so deleting a type some request uses hides it instead (active = false):
 * it leaves the list and the request form, and the requests keep showing it (docs/decisions/018).
 * Adding the name again brings the hidden type back.
 */
const ORDERS = {
  name: asc(requestTypes.name),
  '-name': desc(requestTypes.name),
  id: asc(requestTypes.id),
  '-id': desc(requestTypes.id),
} as const;

/** The types a request may choose (hidden ones left out). */
export async function listRequestTypes(db: DbOrTx, orderBy: keyof typeof ORDERS): Promise<RequestType[]> {
  return db
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypes)
    .where(eq(requestTypes.active, true))
    .orderBy(ORDERS[orderBy], asc(requestTypes.id));
}

export async function createRequestType(db: Db, name: string): Promise<RequestType> {
  const [existing] = await db
    .select({ id: requestTypes.id, active: requestTypes.active })
    .from(requestTypes)
    .where(sql`lower(${requestTypes.name}) = lower(${name})`);
  if (existing?.active) throw conflict(requestTypeExistsMessage);
  if (existing) return restoreRequestType(db, existing.id);
  try {
    const [row] = await db
      .insert(requestTypes)
      .values({ name })
      .returning({ id: requestTypes.id, name: requestTypes.name });
    return row;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(requestTypeExistsMessage);
    throw error;
  }
}

/** A hidden type added again: the same row (and the requests that use it) under its stored name. */
async function restoreRequestType(db: Db, id: number): Promise<RequestType> {
  const [row] = await db
    .update(requestTypes)
    .set({ active: true })
    .where(and(eq(requestTypes.id, id), eq(requestTypes.active, false)))
    .returning({ id: requestTypes.id, name: requestTypes.name });
  if (!row) throw conflict(requestTypeExistsMessage);
  return row;
}

/**
 * Removes an unused type for good and hides a used one. The type row is locked first: a request being
 * submitted holds it KEY SHARE until it commits (requests.types.ts), so "unused" cannot go stale.
 */
export async function deleteRequestType(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [type] = await tx
      .select({ id: requestTypes.id })
      .from(requestTypes)
      .where(and(eq(requestTypes.id, id), eq(requestTypes.active, true)))
      .for('update');
    if (!type) throw notFound();
    const [used] = await tx
      .select({ id: requestTypeChoices.requestId })
      .from(requestTypeChoices)
      .where(eq(requestTypeChoices.requestTypeId, id))
      .limit(1);
    if (used) await tx.update(requestTypes).set({ active: false }).where(eq(requestTypes.id, id));
    else await tx.delete(requestTypes).where(eq(requestTypes.id, id));
  });
}
