import {
  type FollowUpChannel,
  isOpenStatus,
  isWaitingOnFirm,
  type RequestStatus,
  STATUS,
  todayIn,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { unsafeLockActiveRequest } from '../notes/notes.context.queries';
import { refreshDeadline } from '../requests/requests.deadline';
import { deliverFollowUp } from './followups.deliver';
import {
  claimPlannedFollowUp,
  unsafePlannedFollowUpsDue,
  unsafeUnscheduledRequests,
} from './followups.queries';
import { keepOneAhead, scheduleFacts } from './followups.schedule';

/**
 * The recurring chore that sends the follow-ups that are due, on whichever instance runs it. Each one is
 * sent in a transaction of its own that locks the request and claims the row by a conditional update
 * (planned → sent): two instances running the chore at the same moment, or staff pressing "Send now"
 * while it runs, send it once. Due means its date has come in the provider's time zone.
 */
export const FOLLOW_UPS_JOB = 'followups.send';
const BATCH = 200;

/** Sent once and the clock running: not waiting for a (re)send, not waiting on the firm, not finished. */
export const cadenceRuns = (status: RequestStatus) =>
  isOpenStatus(status) && status !== STATUS.requestedByLawyer && !isWaitingOnFirm(status);

/** Claims follow-up `id` if it is still planned (and, for the chore, due) and sends it. */
export async function claimAndDeliver(
  db: Db,
  mail: AppDeps['mail'],
  followUp: { id: number; requestId: number },
  options: { now: Date; byUserId: number | null; onlyIfDue: boolean },
): Promise<FollowUpChannel | null> {
  return db.transaction(async (tx) => {
    if (!(await unsafeLockActiveRequest(tx, followUp.requestId))) return null;
    const facts = await scheduleFacts(tx, followUp.requestId, options.now);
    if (!facts || !cadenceRuns(facts.status)) return null;
    const claimed = await claimPlannedFollowUp(
      tx,
      followUp.id,
      options.now,
      options.onlyIfDue ? facts.today : undefined,
    );
    if (!claimed) return null;
    const { channel } = await deliverFollowUp(tx, mail, claimed, {
      byUserId: options.byUserId,
      today: facts.today,
    });
    await keepOneAhead(
      tx,
      { id: followUp.requestId, companyId: facts.companyId },
      facts.cadence,
      facts.today,
    );
    return channel;
  });
}

/**
 * Requests sent before follow-ups existed (or whose schedule a restore lost) get theirs: an open request
 * with a running clock (a due date) and no follow-up row. A few at a time, so the chore stays short.
 */
async function adoptUnscheduled(db: Db, now: Date): Promise<void> {
  const orphans = await unsafeUnscheduledRequests(
    db,
    [STATUS.initialRequestSent, STATUS.inContact, STATUS.documentsEnRoute],
    now,
    BATCH,
  );
  for (const { id } of orphans) {
    await db.transaction(async (tx) => {
      if (await unsafeLockActiveRequest(tx, id)) await refreshDeadline(tx, id, now);
    });
  }
}

/** Sends every follow-up due at `now`; answers how many were sent. */
export async function sendDueFollowUps(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  now = new Date(),
): Promise<number> {
  const { db, mail } = deps;
  await adoptUnscheduled(db, now);
  // No US provider's today is later than this; each row is checked against its own provider's today.
  const latestToday = todayIn('Pacific/Kiritimati', now);
  let sent = 0;
  let after = 0;
  for (;;) {
    const due = await unsafePlannedFollowUpsDue(db, latestToday, after, BATCH);
    for (const row of due) {
      if (await claimAndDeliver(db, mail, row, { now, byUserId: null, onlyIfDue: true })) sent += 1;
    }
    if (due.length < BATCH) return sent;
    after = due.at(-1)!.id;
  }
}
