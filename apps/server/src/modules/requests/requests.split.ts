import {
  cents,
  checkSplits,
  providerMissingMessage,
  type SplitBody,
  type SplitResult,
  splitDoneMessage,
  splitRequestTypes,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, Tx } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { copyAuthorizationCheck } from '../authorizations/authorizations.split.queries';
import { emitRequestCreated } from '../webhooks/webhooks.emit';
import { refreshDeadline } from './requests.deadline';
import {
  existingProviderIds,
  insertRequestCopy,
  unsafeCopyNotesAndFiles,
  unsafeDeleteRequest,
  unsafeLockActiveRequestRow,
  unsafeMoveChildren,
  unsafeSetInternalNumber,
  unsafeSplitNumbersInUse,
} from './requests.split.queries';
import { type ChosenType, requestTypeText, resolveRequestTypes } from './requests.types';
import { addRequestTypes, listChosenTypes } from './requests.types.queries';

/**
 * Split (staff spec section 4): one new request per split, copied from the original (every field,
 * status, dates, people, claim, to-do date and created_at) with its own provider and request types,
 * then the original is deleted, all in ONE transaction. The first split keeps the internal number and
 * the original's notes, files (with their access history) and invoice lines; later splits get
 * '{number}-{index}' and copies of the notes and file rows without accesses (the stored objects are
 * shared, not copied). The emptied original is then deleted: nothing RESTRICTs it any more (its request
 * type rows go with it). Each split's types are resolved by name to rows (the original's own, even one
 * deleted from the list since, or any listed type) and written by id; the text copy is never re-split.
 * Every split starts with page_fee and provider_cost 0 (docs/decisions: split).
 */
export async function splitRequest(
  db: Db,
  auth: Auth,
  id: number,
  body: SplitBody,
  publicUrl: string,
): Promise<SplitResult> {
  authorize(auth, 'request.staffWork');
  const splits = body.splits.map((s) => ({
    provider: s.provider,
    request_types: splitRequestTypes(s.request_types),
  }));
  const created = await db.transaction(async (tx) => {
    const original = await unsafeLockActiveRequestRow(tx, id);
    if (!original) throw notFound();
    const originalNames = (await listChosenTypes(tx, id)).map((t) => t.name);
    const check = checkSplits(originalNames, splits);
    if (check.error && (!check.canOverride || !body.override)) {
      throw new HttpError(400, check.error, undefined, { can_override: check.canOverride });
    }
    const named = [...new Set(splits.flatMap((s) => s.request_types))];
    const types = new Map(
      (await resolveRequestTypes(tx, named, { heldBy: original })).map((t) => [t.name, t]),
    );
    const chosen = splits.map((s) => s.request_types.map((name) => types.get(name) as ChosenType));
    const providerIds = splits.map((s) => s.provider).filter((p): p is number => p !== null);
    const found = await existingProviderIds(tx, providerIds);
    const numbers = await internalNumbers(tx, original.internalNumber, splits.length);
    // The first split takes over the original's number, so the original steps aside until it is deleted.
    await unsafeSetInternalNumber(tx, id, `${original.internalNumber}~split~${original.id}`);
    const results: { id: number; internal_number: string }[] = [];
    for (const [index, split] of splits.entries()) {
      const providerId = split.provider as number;
      if (!found.has(providerId)) {
        throw badRequest(providerMissingMessage(providerId), {
          provider: providerMissingMessage(providerId),
        });
      }
      const newId = await insertRequestCopy(tx, original, {
        internalNumber: numbers[index],
        providerId,
        requestType: requestTypeText(chosen[index]),
        pageFee: cents(0),
        providerCost: cents(0),
      });
      await addRequestTypes(tx, newId, chosen[index], original.companyId);
      await copyAuthorizationCheck(tx, id, newId, providerId === original.providerId);
      // The follow-ups already sent stay in the first copy's history; later copies plan their own. Their file
      // rows start with no accesses: the original's trail stays on the original file rows (the first split's).
      if (index === 0) await unsafeMoveChildren(tx, id, newId);
      else await unsafeCopyNotesAndFiles(tx, results[0].id, newId);
      // Each copy carries the original's history to its own provider, whose state may set another rule.
      await refreshDeadline(tx, newId);
      results.push({ id: newId, internal_number: numbers[index] });
      // The firm's webhooks hear of each new request, and which one it replaces (decision 059).
      const created = { id: newId, companyId: original.companyId, status: original.status };
      await emitRequestCreated(tx, publicUrl, created, id);
    }
    await unsafeDeleteRequest(tx, id);
    return results;
  });
  return { count: created.length, results: created, message: splitDoneMessage(created.length) };
}

/** The original number for the first split, then '{number}-1', '-2', … skipping any already in use. */
async function internalNumbers(tx: Tx, base: string, count: number): Promise<string[]> {
  const taken = new Set(await unsafeSplitNumbersInUse(tx, base));
  const out = [base];
  for (let index = 1; out.length < count; index++) {
    if (!taken.has(`${base}-${index}`)) out.push(`${base}-${index}`);
  }
  return out;
}
