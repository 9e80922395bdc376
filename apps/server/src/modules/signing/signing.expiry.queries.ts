import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { patients, requests, signingRequests, users } from '../../db/schema';

/** SQL for signed authorizations' expiry (decision 061): the daily chore's rows and claims, and staff's view. */

/** Written out in full: drizzle leaves a lone table's columns unqualified, which the subquery's alias would capture. */
const notRenewed = sql`not exists (select 1 from signing_requests r where r.renews_id = signing_requests.id)`;
const RENEWED = sql<boolean>`exists (select 1 from signing_requests r where r.renews_id = signing_requests.id)`;

/** Every firm's signed authorizations not yet handled as expired that expire by `horizon`, with their sender. */
export function signedExpiringBy(db: DbOrTx, horizon: string) {
  return db
    .select({
      row: signingRequests,
      clientName: patients.fullName,
      senderEmail: users.email,
      senderActive: users.isActive,
      senderTimezone: users.timezone,
    })
    .from(signingRequests)
    .innerJoin(patients, eq(patients.id, signingRequests.patientId))
    .leftJoin(users, eq(users.id, signingRequests.createdById))
    .where(
      and(
        eq(signingRequests.state, 'signed'),
        isNull(signingRequests.expiredHandledAt),
        lte(signingRequests.authorizationExpiresOn, horizon),
      ),
    );
}

/** Claims the expiry notice of an authorization not renewed and not yet noticed; answers whether it did. */
export async function claimExpiryNotice(tx: DbOrTx, id: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(signingRequests)
    .set({ expiryNoticeAt: now })
    .where(and(eq(signingRequests.id, id), isNull(signingRequests.expiryNoticeAt), notRenewed))
    .returning({ id: signingRequests.id });
  return Boolean(claimed);
}

/** Claims the handling of an expired authorization; answers whether it did. */
export async function claimExpiredHandling(tx: DbOrTx, id: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(signingRequests)
    .set({ expiredHandledAt: now })
    .where(and(eq(signingRequests.id, id), isNull(signingRequests.expiredHandledAt)))
    .returning({ id: signingRequests.id });
  return Boolean(claimed);
}

/** An active request's own HIPAA form and its client's, read without a tenant (internal staff only). */
export async function unsafeHipaaFormsOfRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ own: requests.hipaaConsentUrl, client: patients.hipaaConsentUrl })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .where(unsafeActiveRequestById(id));
  return row;
}

/** The newest signed authorization whose document is `url`: its expiry and whether it was renewed. */
export async function newestSignedWithDocument(db: DbOrTx, url: string) {
  const [signed] = await db
    .select({
      expiresOn: signingRequests.authorizationExpiresOn,
      renewed: RENEWED,
    })
    .from(signingRequests)
    .where(and(eq(signingRequests.documentUrl, url), eq(signingRequests.state, 'signed')))
    .orderBy(desc(signingRequests.id))
    .limit(1);
  return signed;
}
