import type { FollowUpChannel, FollowUpSkipReason, RequestStatus } from '@dd/shared';
import { and, asc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { ownFirm, sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, followUps, notes, patients, providers, requests, users } from '../../db/schema';
import { recomputeNextTodo } from '../notes/notes.reminders.queries';
import type { RequestKey, RequestRef } from '../requests/requests.ref';
import { byRequest } from '../requests/requests.ref.queries';

/**
 * The statements of the follow-up schedule: its rows, the chore's batches, the staff actions and what a
 * letter to the provider names. The staff actions and the chore reach every firm.
 */
type FollowUpRow = typeof followUps.$inferSelect;
type NewFollowUp = typeof followUps.$inferInsert;
type RequestStatusList = RequestStatus[];

const LIVE = ['planned', 'paused'] as const;

const ofRequest = (request: RequestKey) =>
  and(eq(followUps.requestId, request.id), eq(followUps.companyId, request.companyId));

/** What a letter or e-mail to a request's provider names: the request, client, provider and firm. */
export async function providerLetterFacts(tx: Tx, requestId: number) {
  const [row] = await tx
    .select({
      companyId: requests.companyId,
      internalNumber: requests.internalNumber,
      startDate: requests.startDate,
      endDate: requests.endDate,
      client: patients.fullName,
      dateOfBirth: patients.dateOfBirth,
      provider: providers.name,
      email: providers.email,
      fax: providers.fax,
      state: providers.state,
      firm: companies.name,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, requestId));
  return row;
}

/** A letter someone has to print or fax today: the request comes onto the staff To Do list that day. */
export async function dueOnTodoToday(tx: Tx, request: RequestKey, today: string): Promise<void> {
  await tx
    .update(requests)
    .set({ followUpDate: sql`least(${requests.followUpDate}, ${today}::date)` })
    .where(and(eq(requests.companyId, request.companyId), eq(requests.id, request.id)));
  await recomputeNextTodo(tx, request);
}

/** Records how a sent follow-up went out and the note that logs it. */
export async function setFollowUpChannel(
  tx: Tx,
  followUpId: number,
  channel: FollowUpChannel,
  noteId: number,
): Promise<void> {
  await tx.update(followUps).set({ channel, noteId }).where(eq(followUps.id, followUpId));
}

/** The firm, status, cadence and provider's state a schedule is computed with. */
export async function scheduleRow(db: DbOrTx, request: RequestRef) {
  const [row] = await db
    .select({
      companyId: requests.companyId,
      status: requests.status,
      followUpDays: companies.followUpDays,
      followUpEvery: companies.followUpEvery,
      state: providers.state,
    })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(byRequest(requests.id, requests.companyId, request));
  return row;
}

/** The request's follow-ups by number. */
export async function followUpsOf(db: DbOrTx, request: RequestKey): Promise<FollowUpRow[]> {
  return db.select().from(followUps).where(ofRequest(request)).orderBy(asc(followUps.number));
}

/** Every planned or paused follow-up of the request becomes skipped with `reason`. */
export async function endLiveFollowUps(db: DbOrTx, request: RequestKey, reason: FollowUpSkipReason) {
  await db
    .update(followUps)
    .set({ status: 'skipped', skipReason: reason, pauseReason: null, pausedOn: null })
    .where(and(ofRequest(request), inArray(followUps.status, LIVE)));
}

/** The highest follow-up number of the request, if it has any. */
export async function lastFollowUpNumber(db: DbOrTx, request: RequestKey): Promise<number | null> {
  const [row] = await db
    .select({ last: max(followUps.number) })
    .from(followUps)
    .where(ofRequest(request));
  return row?.last ?? null;
}

export async function insertFollowUps(db: DbOrTx, rows: NewFollowUp[]): Promise<void> {
  await db.insert(followUps).values(rows);
}

/** The request's planned follow-ups are paused, waiting on the firm since `from`. */
export async function pauseForFirm(db: DbOrTx, request: RequestKey, from: string): Promise<void> {
  await db
    .update(followUps)
    .set({ status: 'paused', pauseReason: 'waiting_on_firm', pausedOn: from })
    .where(and(ofRequest(request), eq(followUps.status, 'planned')));
}

/** A follow-up paused for the firm is planned again on `plannedOn`. */
export async function resumeFromFirm(db: DbOrTx, row: FollowUpRow, plannedOn: string): Promise<void> {
  await db
    .update(followUps)
    .set({
      status: 'planned',
      plannedOn,
      pauseReason: null,
      pausedOn: null,
    })
    .where(and(eq(followUps.id, row.id), eq(followUps.companyId, row.companyId)));
}

/** Claims a follow-up still planned (and, with `dueBy`, due by that date) as sent; the claimed row or undefined. */
export async function claimPlannedFollowUp(tx: Tx, id: number, sentAt: Date, dueBy: string | undefined) {
  const [claimed] = await tx
    .update(followUps)
    .set({ status: 'sent', sentAt })
    .where(
      and(
        eq(followUps.id, id),
        eq(followUps.status, 'planned'),
        dueBy !== undefined ? lte(followUps.plannedOn, dueBy) : undefined,
      ),
    )
    .returning({
      id: followUps.id,
      requestId: followUps.requestId,
      number: followUps.number,
      sentOn: followUps.sentOn,
    });
  return claimed;
}

/**
 * Active requests of every firm sent (a running clock) before `now` with no follow-up row, in one of the
 * statuses the cadence runs in; at most `limit`.
 */
export async function unsafeUnscheduledRequests(
  db: DbOrTx,
  statuses: RequestStatusList,
  now: Date,
  limit: number,
) {
  return db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        sql`${requests.active}`,
        sql`${requests.dueDate} is not null`,
        // Not one created after `now` (only a test's clock runs behind the requests' own).
        lte(requests.createdAt, now),
        inArray(requests.status, statuses),
        sql`not exists (select 1 from ${followUps} where ${followUps.requestId} = ${requests.id})`,
      ),
    )
    .limit(limit);
}

/** The next batch of planned follow-ups of active requests of every firm, planned by `latestToday`, after id `after`. */
export async function unsafePlannedFollowUpsDue(
  db: DbOrTx,
  latestToday: string,
  after: number,
  limit: number,
) {
  return db
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
    .limit(limit);
}

/** The provider's address and the firm's cadence of the request `requestId` if the caller may see it. */
export async function visibleScheduleRequest(db: DbOrTx, auth: Auth, requestId: number) {
  const [request] = await db
    .select({
      companyId: requests.companyId,
      email: providers.email,
      followUpDays: companies.followUpDays,
      followUpEvery: companies.followUpEvery,
    })
    .from(requests)
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return request;
}

/** The request's follow-ups by number, with who skipped one (the caller's own firm) and the note of a sent one. */
export async function scheduleRows(db: DbOrTx, auth: Auth, request: RequestKey) {
  return (
    db
      .select({ row: followUps, skippedBy: users.fullName, noteText: notes.text })
      .from(followUps)
      // Staff names are shown to internal users alone, so a firm's caller never needs another firm's user.
      .leftJoin(users, and(eq(users.id, followUps.skippedById), ownFirm(auth, users.companyId)))
      .leftJoin(notes, and(eq(notes.id, followUps.noteId), sameFirm(notes.companyId, followUps.companyId)))
      .where(and(eq(followUps.requestId, request.id), eq(followUps.companyId, request.companyId)))
      .orderBy(asc(followUps.number))
  );
}

/** The request's planned (or paused) follow-ups by number, whatever the firm (staff actions). */
export async function unsafeLiveFollowUps(db: DbOrTx, requestId: number, status: 'planned' | 'paused') {
  return db
    .select()
    .from(followUps)
    .where(and(eq(followUps.requestId, requestId), eq(followUps.status, status)))
    .orderBy(asc(followUps.number));
}

export async function skipFollowUpByStaff(tx: Tx, id: number, byUserId: number): Promise<void> {
  await tx
    .update(followUps)
    .set({ status: 'skipped', skipReason: 'staff', skippedById: byUserId })
    .where(eq(followUps.id, id));
}

/** The request's planned follow-ups are paused by staff on `today`. */
export async function pauseByStaff(tx: Tx, requestId: number, today: string): Promise<void> {
  await tx
    .update(followUps)
    .set({ status: 'paused', pauseReason: 'staff', pausedOn: today })
    .where(and(eq(followUps.requestId, requestId), eq(followUps.status, 'planned')));
}

/** A follow-up paused by staff is planned again on `plannedOn`. */
export async function resumeByStaff(tx: Tx, id: number, plannedOn: string): Promise<void> {
  await tx
    .update(followUps)
    .set({
      status: 'planned',
      plannedOn,
      pauseReason: null,
      pausedOn: null,
    })
    .where(eq(followUps.id, id));
}
