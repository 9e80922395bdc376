import { type RequestType, requestTypeExistsMessage } from '@dd/shared';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { conflict, notFound } from '../../lib/errors';
import {
  activeRequestTypes,
  deleteRequestTypeRow,
  hideRequestType,
  insertRequestType,
  lockShownRequestType,
  type RequestTypeOrder,
  requestTypeInUse,
  requestTypeNamed,
  showHiddenRequestType,
} from './requesttypes.queries';

/**
 * Request types admin (staff spec: add by name, list sorted by name, delete). Names are unique ignoring
 * case (checked first for the message, and by the unique index for races). Requests hold their types as
 * rows that RESTRICT the delete, so deleting a type some request uses hides it instead (active = false):
 * it leaves the list and the request form, and the requests keep showing it (docs/decisions/018).
 * Adding the name again brings the hidden type back.
 */
/** The types a request may choose (hidden ones left out). */
export async function listRequestTypes(db: DbOrTx, orderBy: RequestTypeOrder): Promise<RequestType[]> {
  return activeRequestTypes(db, orderBy);
}

export async function createRequestType(db: Db, name: string): Promise<RequestType> {
  const existing = await requestTypeNamed(db, name);
  if (existing?.active) throw conflict(requestTypeExistsMessage);
  if (existing) return restoreRequestType(db, existing.id);
  try {
    return await insertRequestType(db, name);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(requestTypeExistsMessage);
    throw error;
  }
}

/** A hidden type added again: the same row (and the requests that use it) under its stored name. */
async function restoreRequestType(db: Db, id: number): Promise<RequestType> {
  const row = await showHiddenRequestType(db, id);
  if (!row) throw conflict(requestTypeExistsMessage);
  return row;
}

/**
 * Removes an unused type for good and hides a used one. The type row is locked first: a request being
 * submitted holds it KEY SHARE until it commits (requests.types.ts), so "unused" cannot go stale.
 */
export async function deleteRequestType(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const type = await lockShownRequestType(tx, id);
    if (!type) throw notFound();
    if (await requestTypeInUse(tx, id)) await hideRequestType(tx, id);
    else await deleteRequestTypeRow(tx, id);
  });
}
