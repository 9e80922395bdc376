import { joinRequestTypes, requestTypeMissingMessage } from '@dd/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { RequestKey } from './requests.ref';
import {
  addRequestTypes,
  deleteRequestTypeChoices,
  setRequestTypeText,
  typesNamed,
} from './requests.types.queries';

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
  options: { heldBy?: RequestKey } = {},
): Promise<ChosenType[]> {
  if (!names.length) return [];
  const found = await typesNamed(tx, names, options.heldBy);
  const byName = new Map(found.map((t) => [t.name, t]));
  const missing = names.filter((name) => !byName.has(name));
  if (missing.length) {
    const message = requestTypeMissingMessage(missing);
    throw badRequest(message, { request_type: message });
  }
  return names.map((name) => byName.get(name) as ChosenType);
}

/** Replaces an existing request's choices with `types` (in that order) and rewrites its text copy. */
export async function replaceRequestTypes(tx: Tx, request: RequestKey, types: readonly ChosenType[]) {
  const found = await setRequestTypeText(tx, request, requestTypeText(types));
  await deleteRequestTypeChoices(tx, request);
  if (found) await addRequestTypes(tx, request.id, types, request.companyId);
}

/** The value of requests.request_type for these choices. */
export const requestTypeText = (types: readonly ChosenType[]) => joinRequestTypes(types.map((t) => t.name));
