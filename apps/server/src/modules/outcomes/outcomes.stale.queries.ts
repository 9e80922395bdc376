import { AWAITING_PROVIDER_STATUSES, STATUS } from '@dd/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm, visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, files, notes, patients, providers, requests, users } from '../../db/schema';
import type { RequestKey } from '../requests/requests.ref';

/** The statements of a request's outcome and of the stale-request offer (outcomes.stale.ts). */

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
export type StaleRow = Awaited<ReturnType<typeof staleRows>>[number];

/** The stale facts of the request `id` if the caller may see it. */
export async function visibleStaleRow(db: DbOrTx, auth: Auth, id: number): Promise<StaleRow | undefined> {
  const [row] = await staleRows(db, and(eq(requests.id, id), visibleRequests(auth))!);
  return row;
}

/** The stale facts of the caller's visible requests waiting on the provider. */
export function visibleAwaitingStaleRows(db: DbOrTx, auth: Auth): Promise<StaleRow[]> {
  return staleRows(
    db,
    and(visibleRequests(auth), inArray(requests.status, [...AWAITING_PROVIDER_STATUSES]))!,
  );
}

/** The stale facts of a request the caller has already locked and authorized. */
export async function staleRowOf(tx: Tx, request: RequestKey): Promise<StaleRow> {
  const [row] = await staleRows(
    tx,
    and(eq(requests.companyId, request.companyId), eq(requests.id, request.id))!,
  );
  return row;
}

export async function rejectionReasonOf(db: DbOrTx, request: RequestKey) {
  const [extra] = await db
    .select({ reason: requests.rejectionReason })
    .from(requests)
    .where(and(eq(requests.companyId, request.companyId), eq(requests.id, request.id)));
  return extra;
}

/** The request's newest rejection note. */
export async function lastRejectionNote(db: DbOrTx, request: RequestKey) {
  const [note] = await db
    .select({ text: notes.text, at: notes.createdAt })
    .from(notes)
    .where(
      and(
        eq(notes.companyId, request.companyId),
        eq(notes.requestId, request.id),
        eq(notes.updateStatus, STATUS.requestRejected),
      ),
    )
    .orderBy(desc(notes.id))
    .limit(1);
  return note;
}

/** The request's newest delivered certification of no records. */
export async function lastCertificationFile(db: DbOrTx, request: RequestKey) {
  const [certificate] = await db
    .select({ id: files.id, name: files.name, url: files.url, at: files.createdAt })
    .from(files)
    .where(
      and(
        eq(files.companyId, request.companyId),
        eq(files.requestId, request.id),
        eq(files.certifiesNoRecords, true),
        eq(files.archived, false),
      ),
    )
    .orderBy(desc(files.id))
    .limit(1);
  return certificate;
}

/** The firm's number of business days after which a request is offered to cancel. */
export async function firmStaleAfter(db: DbOrTx, companyId: number) {
  const [firm] = await db
    .select({ staleAfter: companies.staleAfterBusinessDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return firm;
}

/** The signed-in user's full name. */
export async function signedInName(tx: Tx, auth: Auth) {
  const [me] = await tx
    .select({ name: users.fullName })
    .from(users)
    .where(and(eq(users.companyId, auth.companyId), eq(users.id, auth.userId)));
  return me;
}

/** The firm chose to keep waiting on `today`: the offer comes back after as many days. */
export async function keepWaiting(tx: Tx, request: RequestKey, today: string): Promise<void> {
  await tx
    .update(requests)
    .set({ staleKeptWaitingOn: today })
    .where(and(eq(requests.companyId, request.companyId), eq(requests.id, request.id)));
}
