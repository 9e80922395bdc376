import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients, requests } from '../../db/schema';
import { upsertAuthorizationCheck } from './authorizations.checklist.queries';

/**
 * For tests about what follows a first send: staff have ticked every element of the request's current
 * HIPAA form (signed on 2025-01-02, expiring with the case), so the send is not refused for it.
 */
export async function confirmAuthorizationChecklist(db: DbOrTx, requestId: number): Promise<void> {
  const [row] = await db
    .select({
      companyId: requests.companyId,
      own: requests.hipaaConsentUrl,
      client: patients.hipaaConsentUrl,
    })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .where(eq(requests.id, requestId));
  const documentUrl = row?.own ?? row?.client;
  if (!row || !documentUrl) return;
  const values = {
    documentUrl,
    description: true,
    discloser: true,
    recipient: true,
    purpose: true,
    expiration: 'The end of the case',
    signature: true,
    signedOn: '2025-01-02',
    revocation: true,
    conditioning: true,
    redisclosure: true,
  };
  await upsertAuthorizationCheck(db, requestId, row.companyId, values);
}
