import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visiblePatients } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, patients, providers, requests, users } from '../../db/schema';

/** The statements of the checks shared by submit and resubmit (requests.input.ts). */

/**
 * The oldest active request of the client numbered one of `numbers`, in any firm: for internal staff
 * splitting a request through the create call.
 */
export async function unsafeActiveRequestNumbered(
  db: DbOrTx,
  numbers: string[],
  patientId: number,
): Promise<{ id: number } | undefined> {
  const [original] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        inArray(requests.internalNumber, numbers),
        eq(requests.patientId, patientId),
        eq(requests.active, true),
      ),
    )
    .orderBy(asc(requests.id))
    .limit(1);
  return original;
}

/**
 * The client if the caller sees it, with its firm's name and price, its row locked FOR NO KEY UPDATE
 * (requests.input.ts says why).
 */
export async function lockVisibleClient(db: DbOrTx, auth: Auth, patientId: number) {
  const [patient] = await db
    .select({
      id: patients.id,
      fullName: patients.fullName,
      companyId: patients.companyId,
      companyName: companies.name,
      requestPrice: companies.requestPrice,
      hipaaConsentUrl: patients.hipaaConsentUrl,
    })
    .from(patients)
    .innerJoin(companies, eq(companies.id, patients.companyId))
    .where(and(eq(patients.id, patientId), visiblePatients(auth)))
    .for('no key update', { of: patients });
  return patient;
}

/** The user if they are an active user of the firm. */
export async function activeUserOfFirm(
  db: DbOrTx,
  companyId: number,
  userId: number,
): Promise<{ id: number } | undefined> {
  const [contact] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.isActive, true)));
  return contact;
}

/**
 * The names of the providers (among `providerIds`) the client already has an active request to, for the
 * same main contact and dates, leaving out `excludeRequestId`; in name order.
 */
export async function duplicateProviderNames(
  db: DbOrTx,
  order: {
    companyId: number;
    patientId: number;
    userId: number;
    startDate: string;
    endDate: string;
    providerIds: number[];
    excludeRequestId?: number;
  },
): Promise<string[]> {
  const duplicates = await db
    .selectDistinct({ name: providers.name })
    .from(requests)
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(
      and(
        eq(requests.companyId, order.companyId),
        eq(requests.patientId, order.patientId),
        // A deleted (archived) request no longer stands in the way of ordering it again.
        eq(requests.active, true),
        eq(requests.userId, order.userId),
        eq(requests.startDate, order.startDate),
        eq(requests.endDate, order.endDate),
        inArray(requests.providerId, order.providerIds),
        order.excludeRequestId ? ne(requests.id, order.excludeRequestId) : undefined,
      ),
    )
    .orderBy(asc(providers.name));
  return duplicates.map((d) => d.name);
}
