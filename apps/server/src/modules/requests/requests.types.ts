import { joinRequestTypes, requestTypeMissingMessage } from '@dd/shared';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { requests, requestTypeChoices, requestTypes } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * A request's chosen request types (docs/decisions/018): rows in request_type_choices,
 * in the order chosen. Names from a body are resolved to ids inside the caller's transaction; the rows
 * and their text copy requests.request_type are written together (requestTypeText in the same insert, or
 * replaceRequestTypes), and the text is never split back into names.
 */
export interface ChosenType {
  id: number;
  name: string;
}

/**
 * The types the names stand for, in the names' order; 400 naming any that is not on the list. A type an
 * administrator deleted while in use is still accepted from `heldBy`, the request that already has it
 * (a resubmit, a split of it). The rows are KEY SHARE locked so the type cannot vanish before the insert.
 */
export async function resolveRequestTypes(
  tx: Tx,
  names: readonly string[],
  options: { heldBy?: { id: number; companyId: number } } = {},
): Promise<ChosenType[]> {
  if (!names.length) return [];
  const held = options.heldBy
    ? inArray(
        requestTypes.id,
        tx
          .select({ id: requestTypeChoices.requestTypeId })
          .from(requestTypeChoices)
          .where(
            and(
              eq(requestTypeChoices.requestId, options.heldBy.id),
              eq(requestTypeChoices.companyId, options.heldBy.companyId),
            ),
          ),
      )
    : undefined;
  const found = await tx
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypes)
    .where(and(inArray(requestTypes.name, [...names]), or(eq(requestTypes.active, true), held)))
    .for('key share');
  const byName = new Map(found.map((t) => [t.name, t]));
  const missing = names.filter((name) => !byName.has(name));
  if (missing.length) {
    const message = requestTypeMissingMessage(missing);
    throw badRequest(message, { request_type: message });
  }
  return names.map((name) => byName.get(name) as ChosenType);
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

/** Replaces an existing request's choices with `types` (in that order) and rewrites its text copy. */
export async function replaceRequestTypes(
  tx: Tx,
  request: { id: number; companyId: number },
  types: readonly ChosenType[],
) {
  const [found] = await tx
    .update(requests)
    .set({ requestType: requestTypeText(types) })
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)))
    .returning({ id: requests.id });
  await tx
    .delete(requestTypeChoices)
    .where(
      and(eq(requestTypeChoices.requestId, request.id), eq(requestTypeChoices.companyId, request.companyId)),
    );
  if (found) await addRequestTypes(tx, request.id, types, request.companyId);
}

/** The value of requests.request_type for these choices. */
export const requestTypeText = (types: readonly ChosenType[]) => joinRequestTypes(types.map((t) => t.name));

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
  ofRequests: { id: number; companyId: number }[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ofRequests.length) return out;
  const requestIds = ofRequests.map((r) => r.id);
  const firms = [...new Set(ofRequests.map((r) => r.companyId))];
  const rows = await db
    .select({ requestId: requestTypeChoices.requestId, name: requestTypes.name })
    .from(requestTypeChoices)
    .innerJoin(requestTypes, eq(requestTypes.id, requestTypeChoices.requestTypeId))
    .where(
      and(inArray(requestTypeChoices.requestId, requestIds), inArray(requestTypeChoices.companyId, firms)),
    )
    .orderBy(asc(requestTypeChoices.requestId), asc(requestTypeChoices.position));
  for (const row of rows) out.set(row.requestId, [...(out.get(row.requestId) ?? []), row.name]);
  return out;
}
