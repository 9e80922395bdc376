import {
  cents,
  checkSplits,
  providerMissingMessage,
  type SplitBody,
  type SplitResult,
  splitDoneMessage,
  splitRequestTypes,
} from '@dd/shared';
import { eq, inArray, like } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { Db, Tx } from '../../db/client';
import { files, followUps, invoices, notes, providers, requests } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { copyAuthorizationCheck } from '../authorizations/authorizations.split';
import { emitRequestCreated } from '../webhooks/webhooks.emit';
import { refreshDeadline } from './requests.deadline';
import { containsPattern } from './requests.filter-kit';
import {
  addRequestTypes,
  type ChosenType,
  listChosenTypes,
  requestTypeText,
  resolveRequestTypes,
} from './requests.types';

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
type RequestRow = typeof requests.$inferSelect;

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
    const [original] = await tx.select().from(requests).where(unsafeActiveRequestById(id)).for('update');
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
    const found = new Set(
      (await tx.select({ id: providers.id }).from(providers).where(inArray(providers.id, providerIds))).map(
        (p) => p.id,
      ),
    );
    const numbers = await internalNumbers(tx, original.internalNumber, splits.length);
    // The first split takes over the original's number, so the original steps aside until it is deleted.
    await tx
      .update(requests)
      .set({ internalNumber: `${original.internalNumber}~split~${original.id}` })
      .where(eq(requests.id, id));
    const results: { id: number; internal_number: string }[] = [];
    for (const [index, split] of splits.entries()) {
      const providerId = split.provider as number;
      if (!found.has(providerId)) {
        throw badRequest(providerMissingMessage(providerId), {
          provider: providerMissingMessage(providerId),
        });
      }
      const newId = await insertCopy(tx, original, {
        internalNumber: numbers[index],
        providerId,
        requestType: requestTypeText(chosen[index]),
      });
      await addRequestTypes(tx, newId, chosen[index], original.companyId);
      await copyAuthorizationCheck(tx, id, newId, providerId === original.providerId);
      if (index === 0) await moveChildren(tx, id, newId);
      else await copyChildren(tx, results[0].id, newId);
      // Each copy carries the original's history to its own provider, whose state may set another rule.
      await refreshDeadline(tx, newId);
      results.push({ id: newId, internal_number: numbers[index] });
      // The firm's webhooks hear of each new request, and which one it replaces (decision 059).
      const created = { id: newId, companyId: original.companyId, status: original.status };
      await emitRequestCreated(tx, publicUrl, created, id);
    }
    await tx.delete(requests).where(eq(requests.id, id));
    return results;
  });
  return { count: created.length, results: created, message: splitDoneMessage(created.length) };
}

/** The original number for the first split, then '{number}-1', '-2', … skipping any already in use. */
async function internalNumbers(tx: Tx, base: string, count: number): Promise<string[]> {
  const taken = new Set(
    (
      await tx
        .select({ number: requests.internalNumber })
        .from(requests)
        .where(like(requests.internalNumber, `${containsPattern(base).slice(1, -1)}-%`))
    ).map((r) => r.number),
  );
  const out = [base];
  for (let index = 1; out.length < count; index++) {
    if (!taken.has(`${base}-${index}`)) out.push(`${base}-${index}`);
  }
  return out;
}

async function insertCopy(
  tx: Tx,
  original: RequestRow,
  own: { internalNumber: string; providerId: number; requestType: string },
): Promise<number> {
  const { id: _id, ...fields } = original;
  const [row] = await tx
    .insert(requests)
    .values({ ...fields, ...own, pageFee: cents(0), providerCost: cents(0) })
    .returning({ id: requests.id });
  return row.id;
}

/** The original's notes, files (with their access rows) and invoice lines become the first split's. */
async function moveChildren(tx: Tx, from: number, to: number): Promise<void> {
  await tx.update(notes).set({ requestId: to }).where(eq(notes.requestId, from));
  await tx.update(files).set({ requestId: to }).where(eq(files.requestId, from));
  await tx.update(invoices).set({ requestId: to }).where(eq(invoices.requestId, from));
  // The follow-ups already sent stay in the first copy's history; later copies plan their own.
  await tx.update(followUps).set({ requestId: to }).where(eq(followUps.requestId, from));
}

/**
 * Copies of the notes and file rows for a later split. The copies start with no file accesses: nobody
 * has downloaded them yet, and the original's trail stays on the original file rows (the first split's).
 */
async function copyChildren(tx: Tx, from: number, to: number): Promise<void> {
  const noteRows = await tx.select().from(notes).where(eq(notes.requestId, from)).orderBy(notes.id);
  if (noteRows.length) {
    await tx.insert(notes).values(noteRows.map(({ id: _id, ...note }) => ({ ...note, requestId: to })));
  }
  const fileRows = await tx.select().from(files).where(eq(files.requestId, from)).orderBy(files.id);
  if (fileRows.length) {
    await tx.insert(files).values(fileRows.map(({ id: _id, ...file }) => ({ ...file, requestId: to })));
  }
}
