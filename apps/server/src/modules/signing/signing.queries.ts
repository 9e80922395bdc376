import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  patients,
  providers,
  requests,
  signingEvents,
  signingRequests,
  users,
} from '../../db/schema';

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

/** The link's row by its token's hash, with what the client's page needs (no tenant: the token is the key). */
export async function rowByTokenHash(db: DbOrTx, tokenHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      row: signingRequests,
      clientName: patients.fullName,
      dateOfBirth: patients.dateOfBirth,
      firmName: companies.name,
      senderTimezone: users.timezone,
    })
    .from(signingRequests)
    .innerJoin(patients, eq(patients.id, signingRequests.patientId))
    .innerJoin(companies, eq(companies.id, signingRequests.companyId))
    .leftJoin(users, eq(users.id, signingRequests.createdById))
    .where(eq(signingRequests.tokenHash, tokenHash));
  const [found] = options.lock ? await query.for('update', { of: signingRequests }) : await query;
  return found;
}
