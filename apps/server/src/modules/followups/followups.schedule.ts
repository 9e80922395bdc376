import {
  addBusinessDays,
  cadenceOf,
  type FollowUpCadence,
  type FollowUpSkipReason,
  followUpDueOn,
  isOpenStatus,
  type RequestStatus,
  STATUS,
  shiftedByPause,
  stateTimeZone,
  todayIn,
} from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { type RequestRef, refId } from '../requests/requests.ref';
import {
  endLiveFollowUps,
  followUpsOf,
  insertFollowUps,
  lastFollowUpNumber,
  pauseForFirm,
  resumeFromFirm,
  scheduleRow,
} from './followups.queries';

/**
 * A request's schedule of follow-ups to its provider, kept in step with its legal clock
 * (docs/deadlines.md, "Follow-ups"). Called with the clock every time the deadline is recomputed (a status
 * change, a resubmission, a move or a split), inside that change's transaction:
 * - the first send creates the schedule from the firm's cadence (follow-ups already past are not made up);
 * - waiting on the firm pauses the planned follow-ups; moving on shifts them by the business days held;
 * - a finished request (records received, cancelled, closed) or a resubmitted one ends the schedule: what
 *   was still planned or paused is kept as skipped, with the reason, so the history stays readable.
 * While the request runs there is always one follow-up ahead: after the cadence's days, one every N.
 */
export type Clock = { sentOn: string; pauses?: readonly { from: string; to: string | null }[] } | null;

type RequestKey = { id: number; companyId: number };

export function endReason(status: RequestStatus): FollowUpSkipReason {
  if (status === STATUS.cancelled) return 'cancelled';
  if (status === STATUS.completedArrived || status === STATUS.closedArrived) return 'records_received';
  if (status === STATUS.closedOriginallyNone) return 'records_received';
  return 'closed';
}

/** The cadence, status and provider's "today" a schedule is computed with. */
export async function scheduleFacts(db: DbOrTx, request: RequestRef, now: Date) {
  const row = await scheduleRow(db, request);
  if (!row) return undefined;
  return {
    companyId: row.companyId,
    status: row.status as RequestStatus,
    cadence: cadenceOf(row),
    today: todayIn(stateTimeZone(row.state), now),
  };
}

async function nextNumber(db: DbOrTx, request: RequestKey): Promise<number> {
  return ((await lastFollowUpNumber(db, request)) ?? 0) + 1;
}

/**
 * While the request runs and nothing is planned or paused any more (the last one was sent or skipped, or
 * the request was reopened), the next follow-up: `every` business days after the later of the last
 * one's date and today.
 */
export async function keepOneAhead(
  db: DbOrTx,
  request: RequestKey,
  cadence: FollowUpCadence,
  today: string,
): Promise<void> {
  const rows = await followUpsOf(db, request);
  const last = rows.at(-1);
  if (!last || rows.some((r) => r.status === 'planned' || r.status === 'paused')) return;
  const from = last.plannedOn > today ? last.plannedOn : today;
  await insertFollowUps(db, [
    {
      requestId: request.id,
      companyId: last.companyId,
      number: last.number + 1,
      sentOn: last.sentOn,
      plannedOn: addBusinessDays(from, cadence.every),
    },
  ]);
}

/** A new schedule from the first send: the cadence's dates from today on (the clock's pauses counted). */
async function createSchedule(
  db: DbOrTx,
  { id: requestId, companyId }: RequestKey,
  clock: NonNullable<Clock>,
  cadence: FollowUpCadence,
  today: string,
) {
  const closed = { sentOn: clock.sentOn, pauses: (clock.pauses ?? []).filter((p) => p.to !== null) };
  const dates = cadence.days.map((_, i) => followUpDueOn(closed, cadence, i + 1) as string);
  let ahead = dates.filter((d) => d >= today);
  if (ahead.length === 0)
    ahead = [addBusinessDays(dates.at(-1)! > today ? dates.at(-1)! : today, cadence.every)];
  const first = await nextNumber(db, { id: requestId, companyId });
  await insertFollowUps(
    db,
    ahead.map((plannedOn, i) => ({
      requestId,
      companyId,
      number: first + i,
      sentOn: clock.sentOn,
      plannedOn,
    })),
  );
}

export async function syncFollowUps(db: DbOrTx, ref: RequestRef, clock: Clock, now: Date): Promise<void> {
  const facts = await scheduleFacts(db, ref, now);
  if (!facts) return;
  const { status, cadence, today } = facts;
  const request = { id: refId(ref), companyId: facts.companyId };
  if (!isOpenStatus(status)) return endLiveFollowUps(db, request, endReason(status));
  if (!clock) return endLiveFollowUps(db, request, 'resubmitted');

  let rows = await followUpsOf(db, request);
  if (!rows.some((r) => r.sentOn === clock.sentOn)) {
    await endLiveFollowUps(db, request, 'resubmitted');
    await createSchedule(db, request, clock, cadence, today);
    rows = await followUpsOf(db, request);
  }
  const pauses = clock.pauses ?? [];
  const open = pauses.find((p) => p.to === null);
  if (open) {
    await pauseForFirm(db, request, open.from);
    return;
  }
  for (const row of rows) {
    if (row.status !== 'paused' || row.pauseReason !== 'waiting_on_firm' || !row.pausedOn) continue;
    const pause = pauses.find((p) => p.from === row.pausedOn);
    await resumeFromFirm(db, row, shiftedByPause(row.plannedOn, row.pausedOn, pause?.to ?? today));
  }
  await keepOneAhead(db, request, cadence, today);
}
