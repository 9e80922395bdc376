import { and, eq } from 'drizzle-orm';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, files, patients, providers, requests } from '../../db/schema';
import type { RequestKey } from '../requests/requests.ref';

/**
 * The statements of the provider's outcomes and the certification of no records: internal-staff work,
 * which reaches every firm.
 */

export async function reasonRejected(tx: Tx, request: RequestKey) {
  const [row] = await tx
    .select({ reason: requests.rejectionReason })
    .from(requests)
    .where(and(eq(requests.id, request.id), eq(requests.companyId, request.companyId)));
  return row;
}

/** The status of the active request `id` of any firm. */
export async function unsafeActiveRequestStatus(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: requests.status })
    .from(requests)
    .where(unsafeActiveRequestById(id));
  return row;
}

/** What the certification form is filled with: the request, client, firm and provider's address. */
export async function unsafeCertificationFacts(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      number: requests.internalNumber,
      start: requests.startDate,
      end: requests.endDate,
      patient: patients.fullName,
      dob: patients.dateOfBirth,
      firm: companies.name,
      provider: providers.name,
      address1: providers.address1,
      address2: providers.address2,
      city: providers.city,
      state: providers.state,
      zip: providers.zipCode,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .where(eq(requests.id, id));
  return row;
}

/** The request's file is verified by this staff member as its certification of no records. */
export async function markCertifiesNoRecords(
  tx: Tx,
  file: { id: number; requestId: number },
  byUserId: number,
): Promise<void> {
  await tx
    .update(files)
    .set({ verifiedById: byUserId, certifiesNoRecords: true })
    .where(and(eq(files.id, file.id), eq(files.requestId, file.requestId)));
}
