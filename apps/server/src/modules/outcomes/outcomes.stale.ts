import {
  OUTCOME_MSG,
  type OutcomeResult,
  outcomeNote,
  REJECTION_FIX,
  REJECTION_REASON_LABELS,
  type RequestOutcome,
  rejectionDetail,
  STATUS,
  type StaleFacts,
  type StaleRequestList,
  todayIn,
  waitingBusinessDays,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { lockVisibleRequest } from '../notes/notes.context.queries';
import { insertNote } from '../notes/notes.queries';
import { endAllReminders } from '../notes/notes.reminders.queries';
import { changeStatus } from '../notes/notes.status';
import {
  firmStaleAfter,
  keepWaiting,
  lastCertificationFile,
  lastRejectionNote,
  rejectionReasonOf,
  type StaleRow,
  signedInName,
  staleRowOf,
  visibleAwaitingStaleRows,
  visibleStaleRow,
} from './outcomes.stale.queries';

/**
 * What the provider's outcome means for the firm, and the stale-request policy (decision 058): an open
 * request the provider has not answered for the firm's number of business days since it was sent (or
 * since the firm last chose to keep waiting) is offered to the firm to cancel; nothing cancels it but
 * the firm's own click.
 */

function factsOf(row: StaleRow, timezone: string): StaleFacts {
  return {
    status: row.status,
    sentOn: row.sentAt ? todayIn(timezone, new Date(row.sentAt)) : null,
    keptWaitingOn: row.keptWaitingOn,
    hasRecords: Boolean(row.hasRecords),
  };
}

function staleOffer(row: StaleRow, auth: Auth) {
  const facts = factsOf(row, auth.timezone);
  const days = waitingBusinessDays(facts, todayIn(auth.timezone));
  return {
    stale: days !== null && days >= row.staleAfter,
    waiting_business_days: days,
    stale_after_business_days: row.staleAfter,
    sent_on: facts.sentOn,
  };
}

/** The outcome of one request for whoever may see it: the rejection, the certification, the stale offer. */
export async function getOutcome(db: DbOrTx, auth: Auth, id: number): Promise<RequestOutcome> {
  const row = await visibleStaleRow(db, auth, id);
  if (!row) throw notFound();
  const request = { id, companyId: row.companyId };
  const extra = await rejectionReasonOf(db, request);
  let rejection: RequestOutcome['rejection'] = null;
  if (row.status === STATUS.requestRejected && extra.reason) {
    const note = await lastRejectionNote(db, request);
    const label = REJECTION_REASON_LABELS[extra.reason];
    rejection = {
      reason: extra.reason,
      label,
      fix: REJECTION_FIX[extra.reason],
      note: note ? rejectionDetail(note.text, extra.reason) : null,
      rejected_at: (note?.at ?? new Date()).toISOString(),
    };
  }
  const certificate = await lastCertificationFile(db, request);
  return {
    status: row.status,
    rejection,
    certification: certificate
      ? {
          file_id: certificate.id,
          name: certificate.name,
          url: certificate.url,
          delivered_at: certificate.at.toISOString(),
        }
      : null,
    stale: staleOffer(row, auth),
  };
}

function firmOnly(auth: Auth) {
  if (auth.isInternal) throw forbidden(OUTCOME_MSG.firmDecidesStale);
}

/** The firm's requests waiting on the provider past its limit, longest wait first. */
export async function listStale(db: DbOrTx, auth: Auth): Promise<StaleRequestList> {
  firmOnly(auth);
  const firm = await firmStaleAfter(db, auth.companyId);
  const rows = await visibleAwaitingStaleRows(db, auth);
  const results = rows
    .map((row) => ({ row, offer: staleOffer(row, auth) }))
    .filter(({ offer }) => offer.stale)
    .map(({ row, offer }) => ({
      id: row.id,
      internal_number: row.internalNumber,
      client: row.client,
      provider: row.provider,
      status: row.status,
      sent_on: offer.sent_on!,
      waiting_business_days: offer.waiting_business_days!,
    }))
    .sort((a, b) => b.waiting_business_days - a.waiting_business_days || a.id - b.id);
  return { stale_after_business_days: firm.staleAfter, results };
}

/** The firm's answer to the offer: cancel the request, or keep waiting (asked again after as many days). */
export async function answerStale(
  { db, mail }: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  id: number,
  answer: 'cancel' | 'keep',
): Promise<OutcomeResult> {
  firmOnly(auth);
  return db.transaction(async (tx) => {
    const target = await lockVisibleRequest(tx, auth, id);
    if (!target) throw notFound();
    const row = await staleRowOf(tx, target);
    const offer = staleOffer(row, auth);
    if (!offer.stale) throw conflict(OUTCOME_MSG.notStale);
    const me = await signedInName(tx, auth);
    const days = offer.waiting_business_days!;
    const cancel = answer === 'cancel';
    const noteId = await insertNote(tx, {
      text: cancel ? outcomeNote.staleCancelled(me.name, days) : outcomeNote.staleKept(me.name, days),
      requestId: id,
      companyId: target.companyId,
      userId: auth.userId,
      updateStatus: cancel ? STATUS.cancelled : null,
      previousStatus: cancel ? target.status : null,
    });
    if (cancel) {
      await changeStatus(tx, mail, target, STATUS.cancelled);
      await endAllReminders(tx, target);
    } else {
      await keepWaiting(tx, target, todayIn(auth.timezone));
    }
    return {
      success: cancel ? OUTCOME_MSG.staleCancelled : OUTCOME_MSG.staleKept,
      status: cancel ? STATUS.cancelled : target.status,
      note_id: noteId,
    };
  });
}
