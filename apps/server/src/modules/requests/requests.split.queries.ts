import type { Cents } from '@dd/shared';
import { eq, inArray, like } from 'drizzle-orm';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { files, followUps, invoices, notes, providers, requests } from '../../db/schema';
import { containsPattern } from './requests.filter-kit';

/**
 * The statements of splitting a request (requests.split.ts): internal staff code, which reaches every firm,
 * so they take the request's id alone.
 */
type RequestRow = typeof requests.$inferSelect;

/** The whole row of an active request of any firm, locked for the split; undefined when there is none. */
export async function unsafeLockActiveRequestRow(db: DbOrTx, id: number): Promise<RequestRow | undefined> {
  const [original] = await db.select().from(requests).where(unsafeActiveRequestById(id)).for('update');
  return original;
}

/** Which of these providers exist. */
export async function existingProviderIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  return new Set(
    (await db.select({ id: providers.id }).from(providers).where(inArray(providers.id, ids))).map(
      (p) => p.id,
    ),
  );
}

/** The internal numbers in use that start with '{base}-', in every firm (the numbers are unique across them). */
export async function unsafeSplitNumbersInUse(db: DbOrTx, base: string): Promise<string[]> {
  return (
    await db
      .select({ number: requests.internalNumber })
      .from(requests)
      .where(like(requests.internalNumber, `${containsPattern(base).slice(1, -1)}-%`))
  ).map((r) => r.number);
}

export async function unsafeSetInternalNumber(db: DbOrTx, id: number, internalNumber: string): Promise<void> {
  await db.update(requests).set({ internalNumber }).where(eq(requests.id, id));
}

/** Inserts a copy of `original` with its own number, provider, types text and fees; the copy's id. */
export async function insertRequestCopy(
  db: DbOrTx,
  original: RequestRow,
  own: {
    internalNumber: string;
    providerId: number;
    requestType: string;
    pageFee: Cents;
    providerCost: Cents;
  },
): Promise<number> {
  const { id: _id, ...fields } = original;
  const [row] = await db
    .insert(requests)
    .values({ ...fields, ...own })
    .returning({ id: requests.id });
  return row.id;
}

/** The original's notes, files (with their access rows), invoice lines and follow-ups become another request's. */
export async function unsafeMoveChildren(db: DbOrTx, from: number, to: number): Promise<void> {
  await db.update(notes).set({ requestId: to }).where(eq(notes.requestId, from));
  await db.update(files).set({ requestId: to }).where(eq(files.requestId, from));
  await db.update(invoices).set({ requestId: to }).where(eq(invoices.requestId, from));
  await db.update(followUps).set({ requestId: to }).where(eq(followUps.requestId, from));
}

/** Copies of a request's notes and file rows for another request, without file accesses. */
export async function unsafeCopyNotesAndFiles(db: DbOrTx, from: number, to: number): Promise<void> {
  const noteRows = await db.select().from(notes).where(eq(notes.requestId, from)).orderBy(notes.id);
  if (noteRows.length) {
    await db.insert(notes).values(noteRows.map(({ id: _id, ...note }) => ({ ...note, requestId: to })));
  }
  const fileRows = await db.select().from(files).where(eq(files.requestId, from)).orderBy(files.id);
  if (fileRows.length) {
    await db.insert(files).values(fileRows.map(({ id: _id, ...file }) => ({ ...file, requestId: to })));
  }
}

export async function unsafeDeleteRequest(db: DbOrTx, id: number): Promise<void> {
  await db.delete(requests).where(eq(requests.id, id));
}
