import {
  CLIENT_REQUIRED_FIELDS,
  type Client,
  type ClientBody,
  type ClientMatch,
  type ClientOrdering,
  clientFieldErrors,
  INVALID_EMAIL_MESSAGE,
  isMatchableSsn,
  isNoSsn,
  isPlainEmail,
  isUnknownValue,
  MSG,
  normalizeEmail,
  normalizeSsn,
  ssnFormatError,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize, can } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { DataCipher } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/errors';
import { checkUploadRef } from '../files/files.refs';
import {
  clientsWithSsnHash,
  existingCompanyId,
  findClient,
  findEncryptedSsn,
  insertClient,
  listClientRows,
  setClientColumns,
} from './patients.queries';

/**
 * Client (patient) rules: which company a caller may list or write, required fields, and the SSN,
 * which is stored only encrypted (plus a keyed hash for matching) and read only through related info.
 */
export interface ClientListQuery {
  company?: number;
  ssn?: string;
  name?: string;
  order_by: ClientOrdering;
  limit: number;
  offset: number;
}

/** A firm user's company defaults to their own; internal users may list every firm. */
function listCompany(auth: Auth, company: number | undefined): number | undefined {
  if (company === undefined) return auth.isInternal ? undefined : auth.companyId;
  authorize(auth, 'company.reach', { companyId: company });
  return company;
}

export async function listClients(
  db: DbOrTx,
  cipher: DataCipher,
  auth: Auth,
  query: ClientListQuery,
): Promise<Client[] | ClientMatch[]> {
  const companyId = listCompany(auth, query.company);
  if (query.ssn !== undefined) {
    if (companyId === undefined) {
      throw badRequest('query parameter company: Required with ssn', { company: 'Required with ssn' });
    }
    const message = ssnFormatError(query.ssn);
    if (message) throw badRequest(message, { ssn: message });
    // 'None' is never hashed, so it matches nobody.
    if (!isMatchableSsn(query.ssn)) return [];
    return clientsWithSsnHash(db, auth, companyId, cipher.match(query.ssn));
  }
  return listClientRows(db, auth, {
    companyId,
    name: query.name?.trim() || undefined,
    orderBy: query.order_by,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function getClient(db: DbOrTx, auth: Auth, id: number): Promise<Client> {
  const client = await findClient(db, auth, id);
  if (!client) throw notFound();
  return client;
}

function fail(errors: Record<string, string>): never {
  const [first] = Object.values(errors);
  throw badRequest(first ?? MSG.badRequest, errors);
}

const trimmed = (value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};
const UNKNOWN = 'NA';
const UNKNOWN_CAPABLE = new Set<string>(CLIENT_REQUIRED_FIELDS);
/** A required client field the firm may answer with NA: unknown is stored as null, shown as 'Not provided'. */
const known = (value: string | null | undefined) => (isUnknownValue(value) ? null : trimmed(value));

function columnsFrom(values: ClientBody) {
  return {
    firstName: trimmed(values.first_name) ?? '',
    lastName: trimmed(values.last_name) ?? '',
    maidenName: known(values.maiden_name),
    dateOfBirth: known(values.date_of_birth),
    customCode: known(values.custom_code),
    address1: known(values.address_1),
    address2: known(values.address_2),
    city: known(values.city),
    state: known(values.state),
    zipCode: known(values.zip_code),
    email: values.email?.trim() ? normalizeEmail(values.email) : null,
    phoneNumber: trimmed(values.phone_number),
    faxNumber: trimmed(values.fax_number),
    hipaaConsentUrl: known(values.hipaa_consent_url),
    batesPrefix: values.bates_prefix || null,
  };
}

/** `storedUrl`: the form link already saved on the client, which may be kept as it is. */
function validate(values: ClientBody, auth: Auth, requireSsn: boolean, storedUrl?: string | null) {
  const errors = clientFieldErrors(values, { requireSsn });
  const urlError = errors.hipaa_consent_url
    ? undefined
    : checkUploadRef(auth, known(values.hipaa_consent_url), [storedUrl], 'hipaa-forms');
  if (urlError) errors.hipaa_consent_url = urlError;
  // The body schema already refuses such an address; this also catches a bad one stored before it did.
  const email = trimmed(values.email);
  if (email && !isPlainEmail(email)) errors.email = INVALID_EMAIL_MESSAGE;
  if (Object.keys(errors).length > 0) fail(errors);
}

/** The stored form of an SSN: encrypted always, hashed only when it can match another client. */
function ssnColumns(cipher: DataCipher, ssn: string) {
  const value = normalizeSsn(ssn);
  return { ssnEncrypted: cipher.encrypt(value), ssnHash: isNoSsn(value) ? null : cipher.match(value) };
}

/**
 * Firm users write to their own company; internal staff must name an existing one. Other internal users
 * only work the requests they claimed, so they add no clients to any firm.
 */
async function companyForNewClient(
  db: DbOrTx,
  auth: Auth,
  company: number | null | undefined,
): Promise<number> {
  authorize(auth, 'client.create');
  if (!auth.isInternal) {
    if (company !== undefined && company !== null) authorize(auth, 'company.reach', { companyId: company });
    return auth.companyId;
  }
  if (!company) throw badRequest("Choose the client's company.", { company: "Choose the client's company." });
  const id = await existingCompanyId(db, company);
  if (id === undefined) {
    throw badRequest('That company does not exist.', { company: 'That company does not exist.' });
  }
  return id;
}

export async function createClient(
  db: Db,
  cipher: DataCipher,
  auth: Auth,
  body: ClientBody,
): Promise<Client> {
  const companyId = await companyForNewClient(db, auth, body.company);
  // The spec's own calls create a client without `ssn`, then send it to /save_related_info/: a body with
  // no SSN at all stores it as not known (as NA does) until then. A blank one is still a missing field.
  validate(body, auth, body.ssn !== undefined);
  // One insert carries the SSN, so a client never exists without it.
  const id = await insertClient(db, {
    ...columnsFrom(body),
    ...ssnColumns(cipher, body.ssn ?? 'None'),
    companyId,
  });
  return getClient(db, auth, id);
}

const BODY_FIELDS = [
  'first_name',
  'last_name',
  'maiden_name',
  'date_of_birth',
  'custom_code',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip_code',
  'email',
  'phone_number',
  'fax_number',
  'hipaa_consent_url',
  'bates_prefix',
] as const;

/** Updates the fields sent (the SSN changes only through related info); the result must still be complete. */
export async function updateClient(db: Db, auth: Auth, id: number, body: ClientBody): Promise<Client> {
  const current = await getClient(db, auth, id);
  if (body.ssn !== undefined && body.ssn !== null) {
    throw badRequest('The SSN is saved through /save_related_info/.', {
      ssn: 'The SSN is saved through /save_related_info/.',
    });
  }
  if (body.company !== undefined && body.company !== null && body.company !== current.company) {
    if (!can(auth, 'company.reach', { companyId: body.company })) throw notFound();
    throw badRequest('A client cannot be moved to another company.', {
      company: 'A client cannot be moved to another company.',
    });
  }
  const merged: ClientBody = {};
  // A field not sent keeps its value; one stored as unknown stays unknown (NA).
  for (const field of BODY_FIELDS) {
    const unknown = UNKNOWN_CAPABLE.has(field) && current[field] === null;
    merged[field] = body[field] !== undefined ? body[field] : unknown ? UNKNOWN : current[field];
  }
  validate(merged, auth, false, current.hipaa_consent_url);
  await setClientColumns(db, { id: current.id, companyId: current.company }, columnsFrom(merged));
  return getClient(db, auth, id);
}

/** Related info (the SSN) is for the client's own firm and internal staff, not other internal users. */
function assertMaySeeSsn(auth: Auth) {
  authorize(auth, 'client.seeSsn');
}

export async function getRelatedInfo(
  db: DbOrTx,
  cipher: DataCipher,
  auth: Auth,
  patientId: number,
  ip: string | null = null,
) {
  assertMaySeeSsn(auth);
  const row = await findEncryptedSsn(db, auth, patientId);
  if (!row) throw notFound();
  // Who read which client's SSN, and from where (HIPAA audit controls, docs/hipaa.md).
  await recordAudit(db, {
    actorId: auth.userId,
    action: 'patient.ssn_read',
    details: { patient_id: patientId },
    ip,
  });
  return { related_info: { ssn: row.ssnEncrypted ? cipher.decrypt(row.ssnEncrypted) : null } };
}

export async function saveRelatedInfo(
  db: DbOrTx,
  cipher: DataCipher,
  auth: Auth,
  patientId: number,
  ssn: string | null | undefined,
) {
  assertMaySeeSsn(auth);
  const row = await findEncryptedSsn(db, auth, patientId);
  if (!row) throw notFound();
  const errors = clientFieldErrors({ ssn: ssn ?? '' }, { requireSsn: true });
  if (errors.ssn) fail({ ssn: errors.ssn });
  await setClientColumns(db, { id: patientId, companyId: row.companyId }, ssnColumns(cipher, ssn ?? ''));
  return { success: MSG.saved };
}
