import { STATUS } from '@dd/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients, requests } from '../../db/schema';

/** SQL for attaching a signed authorization as the client's and its requests' HIPAA form (signing.attach.ts). */

type Client = { patientId: number; companyId: number };

export async function setClientHipaaForm(tx: DbOrTx, client: Client, documentUrl: string): Promise<void> {
  await tx
    .update(patients)
    .set({ hipaaConsentUrl: documentUrl })
    .where(and(eq(patients.id, client.patientId), eq(patients.companyId, client.companyId)));
}

/**
 * Makes `documentUrl` the form of the client's active requests among `requestIds`, and of those to
 * `providerIds` that wait for their first send with no form of their own; answers those requests, or
 * nothing when neither list names any.
 */
export async function attachFormToClientRequests(
  tx: DbOrTx,
  input: Client & { requestIds: readonly number[]; providerIds: readonly number[]; documentUrl: string },
) {
  const waitingForIt = input.providerIds.length
    ? and(
        inArray(requests.providerId, [...input.providerIds]),
        isNull(requests.hipaaConsentUrl),
        eq(requests.status, STATUS.requestedByLawyer),
      )
    : undefined;
  const sentFor = input.requestIds.length ? inArray(requests.id, [...input.requestIds]) : undefined;
  if (!waitingForIt && !sentFor) return undefined;
  return tx
    .update(requests)
    .set({ hipaaConsentUrl: input.documentUrl })
    .where(
      and(
        eq(requests.companyId, input.companyId),
        eq(requests.patientId, input.patientId),
        or(sentFor, waitingForIt),
        sql`${requests.active}`,
      ),
    )
    .returning({ id: requests.id, companyId: requests.companyId });
}
