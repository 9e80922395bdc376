import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { requests } from '../../db/schema';

/** The statement of correcting a request's deadline facts (requests.deadline-correction.ts). */

/**
 * Saves the legal basis and the extension notice on an active request of any firm (internal staff); false
 * when there is no such request.
 */
export async function unsafeSetDeadlineFacts(
  db: DbOrTx,
  id: number,
  facts: Pick<Partial<typeof requests.$inferInsert>, 'legalBasis' | 'extensionNoticeOn'>,
): Promise<boolean> {
  const [row] = await db
    .update(requests)
    .set(facts)
    .where(unsafeActiveRequestById(id))
    .returning({ id: requests.id });
  return Boolean(row);
}
