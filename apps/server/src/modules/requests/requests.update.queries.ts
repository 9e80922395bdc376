import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notes, providers, requests } from '../../db/schema';
import type { RequestKey } from './requests.ref';

/** The statements of editing (resubmitting) a request (requests.update.ts), each naming the request's firm. */

const ofRequest = (key: RequestKey) => and(eq(requests.id, key.id), eq(requests.companyId, key.companyId));

/** Whether the provider exists. */
export async function providerExists(db: DbOrTx, id: number): Promise<boolean> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id));
  return Boolean(provider);
}

/** The request's status, its row locked for the edit; undefined when it is gone. */
export async function lockRequestStatus(db: DbOrTx, key: RequestKey) {
  const [row] = await db
    .select({ status: requests.status })
    .from(requests)
    .where(ofRequest(key))
    .for('update');
  return row?.status;
}

/** Writes the resubmitted request's fields. */
export async function saveResubmittedRequest(
  db: DbOrTx,
  key: RequestKey,
  values: Partial<typeof requests.$inferInsert>,
): Promise<void> {
  await db.update(requests).set(values).where(ofRequest(key));
}

/** Records a status change in the request's notes. */
export async function insertStatusNote(db: DbOrTx, values: typeof notes.$inferInsert): Promise<void> {
  await db.insert(notes).values(values);
}
