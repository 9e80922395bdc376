import { finishKind, OPEN_STATUSES, type RequestStatus } from '@dd/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patients, requests } from '../../db/schema';
import type { LockedRequest } from './notes.context';

/** The statements of moving a locked request to another status (notes.status.ts). */
export type RequestChanges = Partial<typeof requests.$inferInsert>;

function statusDates(status: RequestStatus) {
  // A finished request is on nobody's To Do list (notes.reminders.ts).
  const done = { nextTodoDate: null, followUpDate: null };
  const finish = finishKind(status);
  if (finish === 'completed')
    return { ...done, completedDate: sql`coalesce(${requests.completedDate}, now())` };
  if (finish === 'closed') return { ...done, closedDate: sql`coalesce(${requests.closedDate}, now())` };
  return {};
}

/** Sets the status, stamps the completed or closed date the first time, and writes `extra`. */
export async function updateRequestStatus(
  tx: Tx,
  target: LockedRequest,
  next: RequestStatus,
  extra: RequestChanges,
): Promise<void> {
  await tx
    .update(requests)
    .set({ status: next, ...statusDates(next), ...extra })
    .where(and(eq(requests.id, target.id), eq(requests.companyId, target.companyId)));
}

/** Locks the request's client row (NO KEY UPDATE leaves foreign-key checks alone). */
export async function lockClientOf(tx: Tx, target: LockedRequest): Promise<void> {
  await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, target.patientId), eq(patients.companyId, target.companyId)))
    .for('no key update');
}

/** Whether the request's client still has an active request in an open status. */
export async function clientHasOpenRequest(tx: Tx, target: LockedRequest): Promise<boolean> {
  const [open] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.patientId, target.patientId),
        eq(requests.companyId, target.companyId),
        eq(requests.active, true),
        inArray(requests.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  return open !== undefined;
}
