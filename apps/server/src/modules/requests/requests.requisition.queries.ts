import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { requests } from '../../db/schema';

/** The statement of saving a request's requisition and provider fee (requests.requisition.ts). */

type RequisitionColumns = Pick<
  Partial<typeof requests.$inferInsert>,
  | 'requisitionId'
  | 'providerCost'
  | 'providerPages'
  | 'providerMedium'
  | 'providerClericalMinutes'
  | 'providerPostage'
>;

/** Saves the requisition on a request of any firm that unsafeLockActiveRequest locked, for internal staff. */
export async function unsafeSaveRequisition(
  db: DbOrTx,
  id: number,
  values: RequisitionColumns,
): Promise<void> {
  await db.update(requests).set(values).where(eq(requests.id, id));
}
