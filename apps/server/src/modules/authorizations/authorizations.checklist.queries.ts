import { and, eq } from 'drizzle-orm';
import { sameFirm, unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { authorizationChecks, patients, providers, requests, users } from '../../db/schema';

/**
 * The statements of staff's HIPAA checklist (authorizations.checklist.ts): internal staff code, so the
 * request is read without a tenant; its checklist row is then read in the request's own firm.
 */
export type AuthorizationCheckRow = typeof authorizationChecks.$inferSelect;
type CheckValues = Omit<typeof authorizationChecks.$inferInsert, 'requestId' | 'companyId'>;

/** The active request's forms (its own and its client's), provider limits, legal basis and firm, of any firm. */
export async function unsafeChecklistRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      documentUrl: requests.hipaaConsentUrl,
      clientDocumentUrl: patients.hipaaConsentUrl,
      providerName: providers.name,
      maxAgeDays: providers.maxAuthorizationAgeDays,
      legalBasis: requests.legalBasis,
      companyId: requests.companyId,
    })
    .from(requests)
    .innerJoin(
      patients,
      and(eq(patients.id, requests.patientId), sameFirm(patients.companyId, requests.companyId)),
    )
    .innerJoin(providers, eq(providers.id, requests.providerId))
    .where(unsafeActiveRequestById(id));
  return row;
}

/** The request's saved checklist with the name of who checked it, if any. */
export async function savedAuthorizationCheck(db: DbOrTx, requestId: number, companyId: number) {
  const [saved] = await db
    .select({ check: authorizationChecks, checkedBy: users.fullName })
    .from(authorizationChecks)
    .leftJoin(users, eq(users.id, authorizationChecks.checkedById))
    .where(and(eq(authorizationChecks.requestId, requestId), eq(authorizationChecks.companyId, companyId)));
  return saved;
}

/** Writes the request's checklist, replacing the one saved before. */
export async function upsertAuthorizationCheck(
  db: DbOrTx,
  requestId: number,
  companyId: number,
  values: CheckValues,
): Promise<void> {
  await db
    .insert(authorizationChecks)
    .values({ requestId, companyId, ...values })
    .onConflictDoUpdate({
      target: [authorizationChecks.requestId, authorizationChecks.companyId],
      set: values,
    });
}
