import {
  AWAITING_PROVIDER_STATUSES,
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
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, files, notes, patients, providers, requests, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { lockRequestForChange } from '../notes/notes.context';
import { endAllReminders } from '../notes/notes.reminders';
import { changeStatus } from '../notes/notes.status';

/**
 * What the provider's outcome means for the firm, and the stale-request policy (decision 058): an open
 * request the provider has not answered for the firm's number of business days since it was sent (or
 * since the firm last chose to keep waiting) is offered to the firm to cancel; nothing cancels it but
 * the firm's own click.
 */

const sentStatus = STATUS.initialRequestSent;
/** The last first send since the last (re)submission: when the provider was asked. */
const sentAt = sql<string | null>`(select max(n.created_at) from ${notes} n
  where n.company_id = ${requests.companyId} and n.request_id = ${requests.id} and n.update_status = ${sentStatus}
  and n.id > coalesce((select max(b.id) from ${notes} b
    where b.company_id = ${requests.companyId} and b.request_id = ${requests.id} and b.update_status = ${STATUS.requestedByLawyer}), 0))`;
const hasRecords = sql<boolean>`exists (select 1 from ${files} f
  where f.company_id = ${requests.companyId} and f.request_id = ${requests.id} and not f.archived and not f.supporting_file)`;

async function staleRows(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: requests.id,
      companyId: requests.companyId,
      internalNumber: requests.internalNumber,
      status: requests.status,
      client: patients.fullName,
      provider: providers.name,
      keptWaitingOn: requests.staleKeptWaitingOn,
      staleAfter: companies.staleAfterBusinessDays,
      sentAt,
      hasRecords,
    })
    .from(requests)
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(where);
}
type StaleRow = Awaited<ReturnType<typeof staleRows>>[number];

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
  const [row] = await staleRows(db, and(eq(requests.id, id), visibleRequests(auth))!);
  if (!row) throw notFound();
  const [extra] = await db
    .select({ reason: requests.rejectionReason })
    .from(requests)
    .where(and(eq(requests.companyId, row.companyId), eq(requests.id, id)));
  let rejection: RequestOutcome['rejection'] = null;
  if (row.status === STATUS.requestRejected && extra.reason) {
    const [note] = await db
      .select({ text: notes.text, at: notes.createdAt })
      .from(notes)
      .where(
        and(
          eq(notes.companyId, row.companyId),
          eq(notes.requestId, id),
          eq(notes.updateStatus, STATUS.requestRejected),
        ),
      )
      .orderBy(desc(notes.id))
      .limit(1);
    const label = REJECTION_REASON_LABELS[extra.reason];
    rejection = {
      reason: extra.reason,
      label,
      fix: REJECTION_FIX[extra.reason],
      note: note ? rejectionDetail(note.text, extra.reason) : null,
      rejected_at: (note?.at ?? new Date()).toISOString(),
    };
  }
  const [certificate] = await db
    .select({ id: files.id, name: files.name, url: files.url, at: files.createdAt })
    .from(files)
    .where(
      and(
        eq(files.companyId, row.companyId),
        eq(files.requestId, id),
        eq(files.certifiesNoRecords, true),
        eq(files.archived, false),
      ),
    )
    .orderBy(desc(files.id))
    .limit(1);
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
  const [firm] = await db
    .select({ staleAfter: companies.staleAfterBusinessDays })
    .from(companies)
    .where(eq(companies.id, auth.companyId));
  const rows = await staleRows(
    db,
    and(visibleRequests(auth), inArray(requests.status, [...AWAITING_PROVIDER_STATUSES]))!,
  );
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
    const target = await lockRequestForChange(tx, and(eq(requests.id, id), visibleRequests(auth))!);
    if (!target) throw notFound();
    const [row] = await staleRows(tx, eq(requests.id, id));
    const offer = staleOffer(row, auth);
    if (!offer.stale) throw conflict(OUTCOME_MSG.notStale);
    const [me] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, auth.userId));
    const days = offer.waiting_business_days!;
    const cancel = answer === 'cancel';
    const [note] = await tx
      .insert(notes)
      .values({
        text: cancel ? outcomeNote.staleCancelled(me.name, days) : outcomeNote.staleKept(me.name, days),
        requestId: id,
        companyId: target.companyId,
        userId: auth.userId,
        updateStatus: cancel ? STATUS.cancelled : null,
        previousStatus: cancel ? target.status : null,
      })
      .returning({ id: notes.id });
    if (cancel) {
      await changeStatus(tx, mail, target, STATUS.cancelled);
      await endAllReminders(tx, target);
    } else {
      await tx
        .update(requests)
        .set({ staleKeptWaitingOn: todayIn(auth.timezone) })
        .where(eq(requests.id, id));
    }
    return {
      success: cancel ? OUTCOME_MSG.staleCancelled : OUTCOME_MSG.staleKept,
      status: cancel ? STATUS.cancelled : target.status,
      note_id: note.id,
    };
  });
}
