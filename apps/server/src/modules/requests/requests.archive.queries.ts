import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { requests } from '../../db/schema';

/** The statement of archiving a request (requests.archive.ts). */

/** Archives or restores an active request of any firm (internal staff); its number, or undefined when absent. */
export async function unsafeSetArchived(
  db: DbOrTx,
  id: number,
  archived: boolean,
): Promise<{ internalNumber: string } | undefined> {
  const [row] = await db
    .update(requests)
    .set({ archived })
    .where(unsafeActiveRequestById(id))
    .returning({ internalNumber: requests.internalNumber });
  return row;
}
