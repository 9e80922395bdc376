import {
  AUTHORIZATION_MISSING_MESSAGE,
  AUTHORIZATION_NO_FORM_MESSAGE,
  type AuthorizationCheck,
  type AuthorizationChecklist,
  authorizationBlockedMessage,
  checklistElements,
  EMPTY_AUTHORIZATION_CHECKLIST,
  type LegalBasis,
  parseUsDate,
  preAnswerFromText,
  SENSITIVE_CATEGORIES,
  type SensitiveCategory,
  sensitiveCategoriesOf,
  todayIn,
  validateAuthorization,
} from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { listChosenTypes } from '../requests/requests.types.queries';
import {
  type AuthorizationCheckRow,
  savedAuthorizationCheck,
  unsafeChecklistRequest,
  upsertAuthorizationCheck,
} from './authorizations.checklist.queries';
import { storedPdfText } from './authorizations.pre-answer';

/**
 * Staff's checklist of a request's uploaded HIPAA authorization (45 CFR 164.508), read, saved and enforced
 * at the first send: internal staff only, so requests are read without a tenant (the route's rule has
 * limited the caller). Answers belong to one form: a different form on the request starts a new checklist.
 */
function answersOf(row: AuthorizationCheckRow): AuthorizationChecklist {
  return {
    description: row.description,
    discloser: row.discloser,
    recipient: row.recipient,
    purpose: row.purpose,
    expiration: row.expiration,
    signature: row.signature,
    signed_at: row.signedOn,
    signed_by_representative: row.signedByRepresentative,
    representative_authority: row.representativeAuthority,
    statements: {
      revocation: row.revocation,
      conditioning: row.conditioning,
      redisclosure: row.redisclosure,
    },
    separate_consents: row.separateConsents.filter((c): c is SensitiveCategory =>
      (SENSITIVE_CATEGORIES as readonly string[]).includes(c),
    ),
  };
}

/** `formText`: reads the form's text to pre-tick a checklist nobody has saved (the screen's read only). */
async function loadCheck(db: DbOrTx, auth: Auth, id: number, formText?: (url: string) => Promise<string>) {
  const row = await unsafeChecklistRequest(db, id);
  if (!row) throw notFound();
  const documentUrl = row.documentUrl ?? row.clientDocumentUrl;
  const saved = await savedAuthorizationCheck(db, id, row.companyId);
  const current = saved && saved.check.documentUrl === documentUrl ? saved : undefined;
  const requested = sensitiveCategoriesOf((await listChosenTypes(db, id)).map((t) => t.name));
  const answers = current ? answersOf(current.check) : EMPTY_AUTHORIZATION_CHECKLIST;
  const pre =
    !current && documentUrl && formText ? preAnswerFromText(await formText(documentUrl)) : undefined;
  const result = validateAuthorization(checklistElements(answers, requested), todayIn(auth.timezone), {
    providerName: row.providerName,
    maxAgeDays: row.maxAgeDays,
  });
  const check = {
    legalBasis: row.legalBasis,
    document_url: documentUrl,
    answers: pre?.answers ?? answers,
    pre_answered: pre?.elements ?? [],
    requested_categories: requested,
    provider_name: row.providerName,
    max_authorization_age_days: row.maxAgeDays,
    checked_by: current ? current.checkedBy || 'Direct Docs' : null,
    checked_at: current ? current.check.updatedAt.toISOString() : null,
    result,
  } satisfies AuthorizationCheck & { legalBasis: LegalBasis };
  return { ...check, companyId: row.companyId };
}

/** GET …/authorization_check/: the saved answers (or what the form's text shows) and the saved answers' result. */
export const getAuthorizationCheck = (
  { db, storage }: { db: DbOrTx; storage: Storage },
  auth: Auth,
  id: number,
): Promise<AuthorizationCheck> =>
  loadCheck(db, auth, id, (url) => storedPdfText(storage, url)).then(withoutBasis);

const withoutBasis = ({
  legalBasis: _basis,
  companyId: _firm,
  ...check
}: AuthorizationCheck & { legalBasis: LegalBasis; companyId: number }) => check;

/** PUT …/authorization_check/: saves the answers for the request's current form (409 when it has none). */
export async function saveAuthorizationCheck(
  db: DbOrTx,
  auth: Auth,
  id: number,
  answers: AuthorizationChecklist,
): Promise<AuthorizationCheck> {
  const before = await loadCheck(db, auth, id);
  if (!before.document_url) throw conflict(AUTHORIZATION_NO_FORM_MESSAGE);
  const values = {
    documentUrl: before.document_url,
    description: answers.description,
    discloser: answers.discloser,
    recipient: answers.recipient,
    purpose: answers.purpose,
    expiration: answers.expiration?.trim() || null,
    signature: answers.signature,
    signedOn: answers.signed_at
      ? (parseUsDate(answers.signed_at) ?? answers.signed_at.trim().slice(0, 10))
      : null,
    signedByRepresentative: answers.signed_by_representative,
    representativeAuthority: answers.representative_authority,
    revocation: answers.statements.revocation,
    conditioning: answers.statements.conditioning,
    redisclosure: answers.statements.redisclosure,
    separateConsents: [...new Set(answers.separate_consents)],
    checkedById: auth.userId,
    updatedAt: new Date(),
  };
  await upsertAuthorizationCheck(db, id, before.companyId, values);
  return withoutBasis(await loadCheck(db, auth, id));
}

/**
 * The first send's gate, run by every way of making it (the button, the spec's status call and its note):
 * a request made on the client's authorization with none on file, or whose HIPAA form lacks a checked
 * element, has expired, or is older than the provider accepts, is refused with 409 naming what is missing;
 * `details.errors` lists every element. A subpoena or a patient's own request needs no authorization.
 */
export async function assertAuthorizationReady(db: DbOrTx, auth: Auth, id: number): Promise<void> {
  const check = await loadCheck(db, auth, id);
  if (!check.document_url) {
    if (check.legalBasis === 'authorization') throw conflict(AUTHORIZATION_MISSING_MESSAGE);
    return;
  }
  if (check.result.valid) return;
  throw conflict(authorizationBlockedMessage(check.result.errors), { errors: check.result.errors });
}
