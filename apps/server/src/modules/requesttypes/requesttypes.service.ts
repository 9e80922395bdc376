import { type RequestType, requestTypeExistsMessage } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestTypes } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { pgErrorCode, UNIQUE_VIOLATION } from '../providers/providers.service';

/**
 * Request types admin (staff spec: add by name, list sorted by name, delete). Names are unique ignoring
 * case (checked first for the message, and by the unique index for races). Deleting a type in use is
 * allowed: requests store their types as names, so existing requests keep showing it; new requests can
 * no longer choose it.
 */
export async function createRequestType(db: Db, name: string): Promise<RequestType> {
  const [existing] = await db
    .select({ id: requestTypes.id })
    .from(requestTypes)
    .where(sql`lower(${requestTypes.name}) = lower(${name})`);
  if (existing) throw conflict(requestTypeExistsMessage);
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

export async function deleteRequestType(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(requestTypes)
    .where(eq(requestTypes.id, id))
    .returning({ id: requestTypes.id });
  if (!row) throw notFound();
}
