// SQL of the request types (shared by every firm: staff keep them, no tenant column).
import type { RequestType } from '@dd/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { requestTypeChoices, requestTypes } from '../../db/schema';

const ORDERS = {
  name: asc(requestTypes.name),
  '-name': desc(requestTypes.name),
  id: asc(requestTypes.id),
  '-id': desc(requestTypes.id),
} as const;

export type RequestTypeOrder = keyof typeof ORDERS;

/** The types a request may choose (hidden ones left out). */
export function activeRequestTypes(db: DbOrTx, orderBy: RequestTypeOrder): Promise<RequestType[]> {
  return db
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypes)
    .where(eq(requestTypes.active, true))
    .orderBy(ORDERS[orderBy], asc(requestTypes.id));
}

/** The type of this name, case ignored, shown or hidden. */
export async function requestTypeNamed(
  db: DbOrTx,
  name: string,
): Promise<{ id: number; active: boolean } | undefined> {
  const [existing] = await db
    .select({ id: requestTypes.id, active: requestTypes.active })
    .from(requestTypes)
    .where(sql`lower(${requestTypes.name}) = lower(${name})`);
  return existing;
}

export async function insertRequestType(db: DbOrTx, name: string): Promise<RequestType> {
  const [row] = await db
    .insert(requestTypes)
    .values({ name })
    .returning({ id: requestTypes.id, name: requestTypes.name });
  return row;
}

/** Shows a hidden type again; undefined when it is not hidden (any more). */
export async function showHiddenRequestType(db: DbOrTx, id: number): Promise<RequestType | undefined> {
  const [row] = await db
    .update(requestTypes)
    .set({ active: true })
    .where(and(eq(requestTypes.id, id), eq(requestTypes.active, false)))
    .returning({ id: requestTypes.id, name: requestTypes.name });
  return row;
}

/** Locks a shown type for update; undefined when there is none. */
export async function lockShownRequestType(tx: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [type] = await tx
    .select({ id: requestTypes.id })
    .from(requestTypes)
    .where(and(eq(requestTypes.id, id), eq(requestTypes.active, true)))
    .for('update');
  return type;
}

/** Whether some request has chosen this type. */
export async function requestTypeInUse(tx: DbOrTx, id: number): Promise<boolean> {
  const [used] = await tx
    .select({ id: requestTypeChoices.requestId })
    .from(requestTypeChoices)
    .where(eq(requestTypeChoices.requestTypeId, id))
    .limit(1);
  return used !== undefined;
}

export async function hideRequestType(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(requestTypes).set({ active: false }).where(eq(requestTypes.id, id));
}

export async function deleteRequestTypeRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(requestTypes).where(eq(requestTypes.id, id));
}
