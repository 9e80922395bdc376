import {
  type FollowUpChannel,
  isOpenStatus,
  isWaitingOnFirm,
  type RequestStatus,
  STATUS,
  todayIn,
} from '@dd/shared';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { Db } from '../../db/client';
import { followUps, requests } from '../../db/schema';
import { lockRequestForChange } from '../notes/notes.context';
import { refreshDeadline } from '../requests/requests.deadline';
import { deliverFollowUp } from './followups.deliver';
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
    if (!(await lockRequestForChange(tx, unsafeActiveRequestById(followUp.requestId)))) return null;
    const facts = await scheduleFacts(tx, followUp.requestId, options.now);
    if (!facts || !cadenceRuns(facts.status)) return null;
    const [claimed] = await tx
      .update(followUps)
      .set({ status: 'sent', sentAt: options.now })
      .where(
        and(
          eq(followUps.id, followUp.id),
          eq(followUps.status, 'planned'),
          options.onlyIfDue ? lte(followUps.plannedOn, facts.today) : undefined,
        ),
      )
      .returning({
        id: followUps.id,
        requestId: followUps.requestId,
        number: followUps.number,
        sentOn: followUps.sentOn,
      });
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
  const orphans = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        sql`${requests.active}`,
        sql`${requests.dueDate} is not null`,
        // Not one created after `now` (only a test's clock runs behind the requests' own).
        lte(requests.createdAt, now),
        inArray(requests.status, [STATUS.initialRequestSent, STATUS.inContact, STATUS.documentsEnRoute]),
        sql`not exists (select 1 from ${followUps} where ${followUps.requestId} = ${requests.id})`,
      ),
    )
    .limit(BATCH);
  for (const { id } of orphans) {
    await db.transaction(async (tx) => {
      if (await lockRequestForChange(tx, unsafeActiveRequestById(id))) await refreshDeadline(tx, id, now);
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
    const due = await db
      .select({ id: followUps.id, requestId: followUps.requestId })
      .from(followUps)
      .innerJoin(requests, eq(requests.id, followUps.requestId))
      .where(
        and(
          eq(followUps.status, 'planned'),
          lte(followUps.plannedOn, latestToday),
          gt(followUps.id, after),
          sql`${requests.active}`,
        ),
      )
      .orderBy(asc(followUps.id))
      .limit(BATCH);
    for (const row of due) {
      if (await claimAndDeliver(db, mail, row, { now, byUserId: null, onlyIfDue: true })) sent += 1;
    }
    if (due.length < BATCH) return sent;
    after = due.at(-1)!.id;
  }
}
