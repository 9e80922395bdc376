import { FIRST_SEND_HOLD_STATUSES, PROVIDER_REACHED_STATUSES, type RequestStatus, STATUS } from '@dd/shared';
import { and, eq, gt, inArray, max, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notes } from '../../db/schema';

/**
 * Whether the request still waits for its first e-mail to the provider (the first-send view and
 * 'I've sent the email'). A fact from the status and the notes' status history, never "has any note":
 * a firm's question or a staff call for help before the first send leaves it due (docs/decisions/039).
 */
export async function isFirstSendDue(db: DbOrTx, id: number, status: RequestStatus): Promise<boolean> {
  if (status === STATUS.requestedByLawyer) return true;
  if (!FIRST_SEND_HOLD_STATUSES.includes(status)) return false;
  // Only what happened since the last (re)submission counts: a resubmit note moves it back to the start.
  const [last] = await db
    .select({ id: max(notes.id) })
    .from(notes)
    .where(and(eq(notes.requestId, id), eq(notes.updateStatus, STATUS.requestedByLawyer)));
  const [reached] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(
      and(
        eq(notes.requestId, id),
        gt(notes.id, last?.id ?? 0),
        or(
          inArray(notes.updateStatus, [...PROVIDER_REACHED_STATUSES]),
          inArray(notes.previousStatus, [...PROVIDER_REACHED_STATUSES]),
        ),
      ),
    )
    .limit(1);
  return !reached;
}
