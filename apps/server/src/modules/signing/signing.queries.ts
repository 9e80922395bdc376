import { SIGNING_MAX_DOB_FAILURES } from '@dd/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import {
  companies,
  notes,
  patients,
  providers,
  requests,
  signingEvents,
  signingRequests,
  users,
} from '../../db/schema';
import { isSecret } from '../../lib/firm-secrets';
import { lockRequestForChange } from '../notes/notes.context.queries';
import type { RequestKey } from '../requests/requests.ref';

/** SQL for signing requests: a firm's list (by company) and the public link's row (by token hash). */
export type SigningRow = typeof signingRequests.$inferSelect;

/** The firm's client, or nothing when it is another firm's. */
export async function firmClient(db: DbOrTx, companyId: number, patientId: number) {
  const [row] = await db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      fullName: patients.fullName,
      dateOfBirth: patients.dateOfBirth,
      companyId: patients.companyId,
      firmName: companies.name,
    })
    .from(patients)
    .innerJoin(companies, eq(companies.id, patients.companyId))
    .where(and(eq(patients.id, patientId), eq(patients.companyId, companyId)));
  return row;
}

/** The client's active requests among `ids`, with their providers. */
export function clientRequests(
  db: DbOrTx,
  client: { id: number; companyId: number },
  ids: readonly number[],
) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: requests.id, providerId: requests.providerId })
    .from(requests)
    .where(
      and(
        eq(requests.companyId, client.companyId),
        eq(requests.patientId, client.id),
        inArray(requests.id, [...ids]),
        sql`${requests.active}`,
      ),
    );
}

export async function providerNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(inArray(providers.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The providers an authorization names: those of its requests, then those chosen on their own. */
export async function providersOf(
  db: DbOrTx,
  row: Pick<SigningRow, 'requestIds' | 'providerIds' | 'patientId' | 'companyId'>,
) {
  const reqs = await clientRequests(db, { id: row.patientId, companyId: row.companyId }, row.requestIds);
  const ids = [...new Set([...reqs.map((r) => r.providerId), ...row.providerIds])];
  const names = await providerNames(db, ids);
  return ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));
}

export function listForClient(db: DbOrTx, companyId: number, patientId: number) {
  return db
    .select({ row: signingRequests, sentBy: users.fullName })
    .from(signingRequests)
    .leftJoin(
      users,
      and(eq(users.id, signingRequests.createdById), sameFirm(users.companyId, signingRequests.companyId)),
    )
    .where(and(eq(signingRequests.companyId, companyId), eq(signingRequests.patientId, patientId)))
    .orderBy(desc(signingRequests.createdAt), desc(signingRequests.id));
}

export function eventsOf(db: DbOrTx, companyId: number, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(signingEvents)
    .where(and(eq(signingEvents.companyId, companyId), inArray(signingEvents.signingRequestId, [...ids])))
    .orderBy(asc(signingEvents.at), asc(signingEvents.id));
}

export async function recordEvent(
  db: DbOrTx,
  signing: Pick<SigningRow, 'id' | 'companyId'>,
  event: (typeof signingEvents.$inferInsert)['event'],
  from: { ip: string | null; userAgent: string | null },
  at: Date = new Date(),
): Promise<void> {
  await db.insert(signingEvents).values({
    signingRequestId: signing.id,
    companyId: signing.companyId,
    event,
    at,
    ip: from.ip,
    userAgent: from.userAgent,
  });
}

/** The link's row by its token (which carries the firm: lib/firm-secrets.ts), with what the client's page needs. */
export async function rowByToken(db: DbOrTx, token: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      row: signingRequests,
      clientName: patients.fullName,
      dateOfBirth: patients.dateOfBirth,
      firmName: companies.name,
      senderTimezone: users.timezone,
    })
    .from(signingRequests)
    .innerJoin(
      patients,
      and(eq(patients.companyId, signingRequests.companyId), eq(patients.id, signingRequests.patientId)),
    )
    .innerJoin(companies, eq(companies.id, signingRequests.companyId))
    // The sender, a user of the link's firm (only firm users send links), for the day their dates are in.
    .leftJoin(
      users,
      and(eq(users.companyId, signingRequests.companyId), eq(users.id, signingRequests.createdById)),
    )
    .where(isSecret({ companyId: signingRequests.companyId, hash: signingRequests.tokenHash }, token));
  const [found] = options.lock ? await query.for('update', { of: signingRequests }) : await query;
  return found;
}

type SigningValues = typeof signingRequests.$inferInsert;
type Client = { id: number; companyId: number };

/** One of the client's signing requests by id. */
function signingOf(client: Client, signingId: number) {
  return and(
    eq(signingRequests.id, signingId),
    eq(signingRequests.companyId, client.companyId),
    eq(signingRequests.patientId, client.id),
  );
}

export async function signingOfClient(db: DbOrTx, client: Client, signingId: number) {
  const [row] = await db.select().from(signingRequests).where(signingOf(client, signingId));
  return row;
}

export async function insertSigning(tx: DbOrTx, values: SigningValues): Promise<SigningRow> {
  const [created] = await tx.insert(signingRequests).values(values).returning();
  return created;
}

/** A new link for the signing request, unless its state changed meanwhile; answers the updated row. */
export async function resetSigningLink(
  tx: DbOrTx,
  existing: Pick<SigningRow, 'id' | 'companyId' | 'state'>,
  link: { tokenHash: string; linkExpiresAt: Date; sentAt: Date },
): Promise<SigningRow | undefined> {
  const [updated] = await tx
    .update(signingRequests)
    .set({
      ...link,
      state: 'sent',
      failedAttempts: 0,
      lockedAt: null,
      declinedAt: null,
      declineReason: null,
    })
    .where(
      and(
        eq(signingRequests.id, existing.id),
        eq(signingRequests.companyId, existing.companyId),
        eq(signingRequests.state, existing.state),
      ),
    )
    .returning();
  return updated;
}

/* The public link's row, once the token has found it: by id within its firm. */

type LinkRow = Pick<SigningRow, 'id' | 'companyId'>;

const ownRow = (row: LinkRow) =>
  and(eq(signingRequests.id, row.id), eq(signingRequests.companyId, row.companyId));

/** Marks a link opened when it was only sent; answers whether it was. */
export async function markLinkOpened(db: DbOrTx, row: LinkRow): Promise<boolean> {
  const opened = await db
    .update(signingRequests)
    .set({ state: 'opened' })
    .where(and(ownRow(row), eq(signingRequests.state, 'sent')))
    .returning({ id: signingRequests.id });
  return opened.length > 0;
}

/** Counts a wrong date of birth, locking the link at the limit, in one update; answers the failures so far. */
export async function countIdentityFailure(db: DbOrTx, row: LinkRow): Promise<number> {
  const [counted] = await db
    .update(signingRequests)
    .set({
      failedAttempts: sql`${signingRequests.failedAttempts} + 1`,
      lockedAt: sql`case when ${signingRequests.failedAttempts} + 1 >= ${SIGNING_MAX_DOB_FAILURES} then now() else ${signingRequests.lockedAt} end`,
    })
    .where(ownRow(row))
    .returning({ failed: signingRequests.failedAttempts });
  return counted.failed;
}

export async function markLinkSigned(
  tx: DbOrTx,
  row: LinkRow,
  signed: Pick<
    SigningValues,
    | 'signedAt'
    | 'signerName'
    | 'representativeRelationship'
    | 'representativeAuthority'
    | 'signatureKind'
    | 'documentUrl'
    | 'documentSha256'
    | 'authorizationExpiresOn'
  >,
): Promise<void> {
  await tx
    .update(signingRequests)
    .set({ state: 'signed', ...signed })
    .where(ownRow(row));
}

export async function markLinkDeclined(
  tx: DbOrTx,
  row: LinkRow,
  declined: { declinedAt: Date; declineReason: string | null },
): Promise<void> {
  await tx
    .update(signingRequests)
    .set({ state: 'declined', ...declined })
    .where(ownRow(row));
}

/* Revoking a signed authorization. */

/** Marks the client's signed authorization revoked; answers it, or nothing when it is not signed. */
export async function revokeSignedOfClient(
  tx: DbOrTx,
  client: Client,
  signingId: number,
  revoked: { revokedAt: Date; revokeReason: string },
): Promise<SigningRow | undefined> {
  const [row] = await tx
    .update(signingRequests)
    .set({ state: 'revoked', ...revoked })
    .where(and(signingOf(client, signingId), eq(signingRequests.state, 'signed')))
    .returning();
  return row;
}

/** The id of the client's signing request, when it exists. */
export async function signingIdOfClient(tx: DbOrTx, client: Client, signingId: number) {
  const [exists] = await tx
    .select({ id: signingRequests.id })
    .from(signingRequests)
    .where(signingOf(client, signingId));
  return exists;
}

/** Clears the client's HIPAA form when it is `document`. */
export async function clearClientForm(tx: DbOrTx, client: Client, document: string): Promise<void> {
  await tx
    .update(patients)
    .set({ hipaaConsentUrl: null })
    .where(
      and(
        eq(patients.id, client.id),
        eq(patients.companyId, client.companyId),
        eq(patients.hipaaConsentUrl, document),
      ),
    );
}

/** The firm's active requests among `ids` whose HIPAA form is `document`. */
export function firmRequestsRelyingOn(tx: DbOrTx, companyId: number, ids: number[], document: string) {
  return tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        inArray(requests.id, ids),
        eq(requests.companyId, companyId),
        eq(requests.hipaaConsentUrl, document),
        sql`${requests.active}`,
      ),
    );
}

export async function insertStatusNote(tx: DbOrTx, values: typeof notes.$inferInsert): Promise<void> {
  await tx.insert(notes).values(values);
}

/** Locks and loads a firm's request for a change. */
export function lockFirmRequestForChange(tx: Tx, request: RequestKey) {
  return lockRequestForChange(
    tx,
    and(eq(requests.companyId, request.companyId), eq(requests.id, request.id))!,
  );
}
