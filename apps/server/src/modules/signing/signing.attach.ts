import {
  type AuthorizationFacts,
  consentedCategories,
  generatedAuthorizationElements,
  validateAuthorization,
} from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { upsertAuthorizationCheck } from '../authorizations/authorizations.checklist.queries';
import { attachFormToClientRequests, setClientHipaaForm } from './signing.attach.queries';

/**
 * A signed authorization becomes the client's HIPAA form and the form of the requests it was sent for,
 * and of the client's requests to its providers that wait for their first send with no form of their own
 * (a link sent from the order form, before the requests existed).
 * We generated it, so its elements are known: the validator runs on them, and when it passes, each of
 * those requests' first-send checklist is saved as complete for this form (checked by Direct Docs).
 */
export async function attachSignedForm(
  tx: DbOrTx,
  input: {
    patientId: number;
    companyId: number;
    requestIds: readonly number[];
    providerIds: readonly number[];
    documentUrl: string;
    facts: AuthorizationFacts;
    signerName: string;
    /** Set when a personal representative signed (representativeAuthorityText). */
    representativeAuthority: string | null;
    signedOn: string;
  },
): Promise<void> {
  await setClientHipaaForm(tx, input, input.documentUrl);
  const attached = await attachFormToClientRequests(tx, input);
  if (!attached) return;
  const elements = generatedAuthorizationElements(input.facts, {
    signerName: input.signerName,
    signedOn: input.signedOn,
    representativeAuthority: input.representativeAuthority,
  });
  if (!validateAuthorization(elements, input.signedOn).valid) return;
  const values = {
    documentUrl: input.documentUrl,
    description: true,
    discloser: true,
    recipient: true,
    purpose: true,
    expiration: input.facts.expiresOn,
    signature: true,
    signedOn: input.signedOn,
    signedByRepresentative: input.representativeAuthority !== null,
    representativeAuthority: input.representativeAuthority !== null,
    revocation: true,
    conditioning: true,
    redisclosure: true,
    separateConsents: consentedCategories(input.facts.recordTypes),
    checkedById: null,
    updatedAt: new Date(),
  };
  for (const request of attached) await upsertAuthorizationCheck(tx, request.id, request.companyId, values);
}
