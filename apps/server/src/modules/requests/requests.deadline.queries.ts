import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notes, providers, requests } from '../../db/schema';
import type { RequestKey, RequestRef } from './requests.ref';
import { byRequest } from './requests.ref.queries';

/** The statements of keeping a request's legal due date (requests.deadline.ts). */

/** What the due date is computed from: the request's basis and notice, and its provider's state and kind. */
export async function deadlineInputs(db: DbOrTx, ref: RequestRef) {
  const [request] = await db
    .select({
      companyId: requests.companyId,
      basis: requests.legalBasis,
      extensionNoticeOn: requests.extensionNoticeOn,
      state: providers.state,
      providerKind: providers.kind,
    })
    .from(requests)
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(byRequest(requests.id, requests.companyId, ref));
  return request;
}

/** The request's status changes, oldest first. */
export function statusHistory(db: DbOrTx, key: RequestKey) {
  return db
    .select({ status: notes.updateStatus, at: notes.createdAt })
    .from(notes)
    .where(and(byRequest(notes.requestId, notes.companyId, key), isNotNull(notes.updateStatus)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
}

export async function setDueDate(
  db: DbOrTx,
  key: RequestKey,
  due: { dueDate: string | null; deadlineRule: string | null },
): Promise<void> {
  await db
    .update(requests)
    .set(due)
    .where(byRequest(requests.id, requests.companyId, key));
}
