import {
  cadenceOf,
  describeCadence,
  FOLLOW_UP_MSG,
  type FollowUpAction,
  type FollowUpActionResult,
  type FollowUpSchedule,
  isWaitingOnFirm,
  shiftedByPause,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { unsafeLockActiveRequest } from '../notes/notes.context.queries';
import { cadenceRuns, claimAndDeliver } from './followups.chore';
import {
  pauseByStaff,
  resumeByStaff,
  scheduleRows,
  skipFollowUpByStaff,
  unsafeLiveFollowUps,
  visibleScheduleRequest,
} from './followups.queries';
import { keepOneAhead, scheduleFacts } from './followups.schedule';

/**
 * The follow-up schedule as screens read it (staff and the firm's own users; another firm's request is
 * not found), and the staff actions on it: send the next one now, skip it, pause or resume the cadence.
 * Each action locks the request, so it never crosses the chore sending the same follow-up.
 */
export async function getSchedule(db: DbOrTx, auth: Auth, requestId: number): Promise<FollowUpSchedule> {
  const request = await visibleScheduleRequest(db, auth, requestId);
  if (!request) throw notFound();
  const rows = await scheduleRows(db, auth, { id: requestId, companyId: request.companyId });
  const next = rows.find((r) => r.row.status === 'planned');
  return {
    request: requestId,
    next_follow_up: next?.row.plannedOn ?? null,
    paused: rows.some((r) => r.row.status === 'paused'),
    by_letter: !request.email?.trim(),
    cadence: describeCadence(cadenceOf(request)),
    follow_ups: rows.map(({ row, skippedBy, noteText }) => ({
      id: row.id,
      number: row.number,
      planned_on: row.plannedOn,
      status: row.status,
      channel: row.channel,
      sent_at: row.sentAt?.toISOString() ?? null,
      note_id: row.noteId,
      skip_reason: row.skipReason,
      // Staff names stay with the retrieval company.
      skipped_by: auth.isInternal ? (skippedBy ?? null) : null,
      pause_reason: row.pauseReason,
      // Staff print or fax a letter: its note is a heading line, a blank line, then the letter.
      letter:
        auth.isInternal && row.channel === 'letter' && noteText
          ? noteText.slice(noteText.indexOf('\n\n') + 2)
          : null,
    })),
  };
}

/** The request locked, running its cadence; the facts its schedule is computed with. */
async function lockRunning(tx: Tx, requestId: number, now: Date) {
  const target = await unsafeLockActiveRequest(tx, requestId);
  if (!target) throw notFound();
  const facts = (await scheduleFacts(tx, requestId, now))!;
  if (isWaitingOnFirm(facts.status)) throw conflict(FOLLOW_UP_MSG.waitingOnFirm);
  if (!cadenceRuns(facts.status)) throw conflict(FOLLOW_UP_MSG.nonePlanned);
  return facts;
}

async function sendNow(deps: Pick<AppDeps, 'db' | 'mail'>, auth: Auth, requestId: number, now: Date) {
  const [next] = await deps.db.transaction(async (tx) => {
    await lockRunning(tx, requestId, now);
    return unsafeLiveFollowUps(tx, requestId, 'planned');
  });
  if (!next) throw conflict(FOLLOW_UP_MSG.nonePlanned);
  const channel = await claimAndDeliver(deps.db, deps.mail, next, {
    now,
    byUserId: auth.userId,
    onlyIfDue: false,
  });
  // The chore took it in between: it went out once, and the schedule shows it.
  if (!channel) throw conflict(FOLLOW_UP_MSG.nonePlanned);
  return channel === 'letter' ? FOLLOW_UP_MSG.letterReady : FOLLOW_UP_MSG.sent;
}

async function change(db: Db, auth: Auth, requestId: number, action: FollowUpAction, now: Date) {
  return db.transaction(async (tx) => {
    const facts = await lockRunning(tx, requestId, now);
    const planned = await unsafeLiveFollowUps(tx, requestId, 'planned');
    if (action === 'skip') {
      if (!planned[0]) throw conflict(FOLLOW_UP_MSG.nonePlanned);
      await skipFollowUpByStaff(tx, planned[0].id, auth.userId);
      await keepOneAhead(tx, { id: requestId, companyId: facts.companyId }, facts.cadence, facts.today);
      return FOLLOW_UP_MSG.skipped;
    }
    if (action === 'pause') {
      if (!planned.length) throw conflict(FOLLOW_UP_MSG.nonePlanned);
      await pauseByStaff(tx, requestId, facts.today);
      return FOLLOW_UP_MSG.paused;
    }
    const paused = (await unsafeLiveFollowUps(tx, requestId, 'paused')).filter(
      (r) => r.pauseReason === 'staff',
    );
    if (!paused.length) throw conflict(FOLLOW_UP_MSG.nonePaused);
    for (const row of paused) {
      await resumeByStaff(
        tx,
        row.id,
        shiftedByPause(row.plannedOn, row.pausedOn ?? facts.today, facts.today),
      );
    }
    return FOLLOW_UP_MSG.resumed;
  });
}

export async function followUpAction(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  requestId: number,
  action: FollowUpAction,
  now = new Date(),
): Promise<FollowUpActionResult> {
  const success =
    action === 'send'
      ? await sendNow(deps, auth, requestId, now)
      : await change(deps.db, auth, requestId, action, now);
  return { success, schedule: await getSchedule(deps.db, auth, requestId) };
}
