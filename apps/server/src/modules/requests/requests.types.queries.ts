import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import { requests, requestTypeChoices, requestTypes } from '../../db/schema';
import type { RequestKey } from './requests.ref';
import type { ChosenType } from './requests.types';

/** The statements of a request's chosen request types (requests.types.ts). */

/**
 * The listed types of these names, and types deleted from the list that `heldBy` already has; the rows
 * KEY SHARE locked so a type cannot vanish before the insert.
 */
export function typesNamed(db: DbOrTx, names: readonly string[], heldBy?: RequestKey): Promise<ChosenType[]> {
  const held = heldBy
    ? inArray(
        requestTypes.id,
        db
          .select({ id: requestTypeChoices.requestTypeId })
          .from(requestTypeChoices)
          .where(
            and(
              eq(requestTypeChoices.requestId, heldBy.id),
              eq(requestTypeChoices.companyId, heldBy.companyId),
            ),
          ),
      )
    : undefined;
  return db
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypes)
    .where(and(inArray(requestTypes.name, [...names]), or(eq(requestTypes.active, true), held)))
    .for('key share');
}

/** The choices of a request just inserted with `requestType: requestTypeText(types)`; `companyId` is its firm. */
export async function addRequestTypes(
  tx: DbOrTx,
  requestId: number,
  types: readonly ChosenType[],
  companyId: number,
) {
  if (!types.length) return;
  await tx
    .insert(requestTypeChoices)
    .values(types.map((t, position) => ({ requestId, companyId, requestTypeId: t.id, position })));
}

/** Rewrites the request's text copy of its types; false when there is no such request. */
export async function setRequestTypeText(
  db: DbOrTx,
  request: RequestKey,
  requestType: string,
): Promise<boolean> {
  const [found] = await db
    .update(requests)
    .set({ requestType })
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)))
    .returning({ id: requests.id });
  return Boolean(found);
}

export async function deleteRequestTypeChoices(db: DbOrTx, request: RequestKey): Promise<void> {
  await db
    .delete(requestTypeChoices)
    .where(
      and(eq(requestTypeChoices.requestId, request.id), eq(requestTypeChoices.companyId, request.companyId)),
    );
}

/** One request's chosen types in order. */
export async function listChosenTypes(db: DbOrTx, requestId: number): Promise<ChosenType[]> {
  return db
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypeChoices)
    .innerJoin(requestTypes, eq(requestTypes.id, requestTypeChoices.requestTypeId))
    .where(eq(requestTypeChoices.requestId, requestId))
    .orderBy(asc(requestTypeChoices.position));
}

/** The chosen type names of many requests (one query for a page of rows); absent ids have none. */
export async function typeNamesByRequest(
  db: DbOrTx,
  ofRequests: RequestKey[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ofRequests.length) return out;
  const requestIds = ofRequests.map((r) => r.id);
  const firms = [...new Set(ofRequests.map((r) => r.companyId))];
  const rows = await db
    .select({ requestId: requestTypeChoices.requestId, name: requestTypes.name })
    .from(requestTypeChoices)
    .innerJoin(requestTypes, eq(requestTypes.id, requestTypeChoices.requestTypeId))
    .where(and(idIn(requestTypeChoices.requestId, requestIds), idIn(requestTypeChoices.companyId, firms)))
    .orderBy(asc(requestTypeChoices.requestId), asc(requestTypeChoices.position));
  for (const row of rows) out.set(row.requestId, [...(out.get(row.requestId) ?? []), row.name]);
  return out;
}
