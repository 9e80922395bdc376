import { outcomeNote, STATUS } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { refreshDeadline } from '../../modules/requests/requests.deadline';
import type { Tx } from '../client';
import { notes, requests } from '../schema';
import type { InsertedRequest } from './documents';

/**
 * The demo's provider outcomes (decision 058): two of the Jones firm's requests in contact with their
 * provider (after the two waiting on a fee) end otherwise. One provider rejected the request for a
 * defective authorization, and it waits on the fix with its clock paused; the other holds no records, and
 * its signed certification is still to come. They get there as the staff actions put them there.
 */
export async function insertDemoOutcomes(tx: Tx, inserted: InsertedRequest[], now: Date): Promise<void> {
  const jones = inserted.find((r) => r.plan.firm.name === 'Jones Injury Attorneys')?.plan.firm;
  if (!jones) return;
  const [rejected, noRecords] = inserted
    .filter((r) => r.plan.firm.id === jones.id && r.plan.values.status === STATUS.inContact)
    .slice(2, 4);
  if (rejected) {
    await tx
      .update(requests)
      .set({ status: STATUS.requestRejected, rejectionReason: 'authorization_defective' })
      .where(eq(requests.id, rejected.id));
    await tx.insert(notes).values({
      requestId: rejected.id,
      companyId: jones.id,
      userId: rejected.plan.worker.id,
      text: outcomeNote.rejected('authorization_defective', 'The authorization is not dated.'),
      updateStatus: STATUS.requestRejected,
      previousStatus: STATUS.inContact,
      createdAt: now,
    });
    await refreshDeadline(tx, rejected.id, now);
  }
  if (noRecords) {
    await tx
      .update(requests)
      .set({
        status: STATUS.noRecordsFound,
        completedDate: now,
        nextTodoDate: null,
        followUpDate: null,
      })
      .where(eq(requests.id, noRecords.id));
    await tx.insert(notes).values({
      requestId: noRecords.id,
      companyId: jones.id,
      userId: noRecords.plan.worker.id,
      text: outcomeNote.noRecords(),
      updateStatus: STATUS.noRecordsFound,
      previousStatus: STATUS.inContact,
      createdAt: now,
    });
    await refreshDeadline(tx, noRecords.id, now);
  }
}
