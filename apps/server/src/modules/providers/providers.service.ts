import {
  INVALID_EMAIL_MESSAGE,
  isPlainEmail,
  normalizeEmail,
  normalizeProviderName,
  PROVIDER_NAME_REQUIRED,
  PROVIDER_VERIFIED_MESSAGE,
  type Provider,
  type ProviderBody,
  type ProviderVerified,
  providerExistsMessage,
} from '@dd/shared';
import type { Auth } from '../../authz';
import { can } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkUploadRef } from '../files/files.refs';
import {
  clearNewProviderFlags,
  findProvider,
  findProviderByName,
  insertProvider,
  markProviderVerified,
  setProviderColumns,
} from './providers.queries';

/**
 * Provider directory rules: a name is required and unique ignoring case and spacing (checked first
 * for a friendly 409, and by the database's unique index for races); the e-mail is one plain address;
 * a provider added by a law firm stays unverified until internal staff confirm its contact details.
 */

export async function getProvider(db: DbOrTx, id: number): Promise<Provider> {
  const provider = await findProvider(db, id);
  if (!provider) throw notFound();
  return provider;
}

const trimmed = (value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v : null;
};

function columnsFrom(body: ProviderBody, name: string, auth: Auth) {
  return {
    name,
    email: body.email?.trim() ? normalizeEmail(body.email) : null,
    phone: trimmed(body.phone),
    fax: trimmed(body.fax),
    address1: trimmed(body.address_1),
    address2: trimmed(body.address_2),
    city: trimmed(body.city),
    state: trimmed(body.state),
    zipCode: trimmed(body.zip_code),
    notes: trimmed(body.notes),
    medicalRequestUrl: trimmed(body.medical_request_url),
    kind: body.kind ?? null,
    // What a provider accepts is for internal staff to record, not a firm adding it while ordering.
    ...(can(auth, 'provider.vouch')
      ? { maxAuthorizationAgeDays: body.max_authorization_age_days ?? null }
      : {}),
  };
}

/** `storedUrl`: the request form already saved on the provider, which may be kept as it is. */
function validName(auth: Auth, body: ProviderBody, storedUrl?: string | null): string {
  const name = normalizeProviderName(body.name ?? '');
  const errors: Record<string, string> = {};
  if (!name) errors.name = PROVIDER_NAME_REQUIRED;
  // The body schema already refuses such an address; this also catches a bad one stored before it did.
  const email = trimmed(body.email);
  if (email && !isPlainEmail(email)) errors.email = INVALID_EMAIL_MESSAGE;
  const urlError = checkUploadRef(auth, trimmed(body.medical_request_url), [storedUrl], 'provider-forms');
  if (urlError) errors.medical_request_url = urlError;
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
  return name;
}

async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<never> {
  const existing = await findProviderByName(db, name, exceptId);
  // The row that raced us may already be gone again; still a conflict on this name.
  const provider = existing ?? { id: 0, name };
  throw conflict(providerExistsMessage(provider.name), { provider });
}

/** Runs a write that may hit the unique name index and turns that into the 409 the screen expects. */
async function guardName<T>(db: DbOrTx, name: string, exceptId: number | undefined, write: () => Promise<T>) {
  const existing = await findProviderByName(db, name, exceptId);
  if (existing) throw conflict(providerExistsMessage(existing.name), { provider: existing });
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return nameTaken(db, name, exceptId);
    throw error;
  }
}

/** Internal staff vouch for what they enter; anyone else's provider waits for staff to verify it. */
export async function createProvider(db: Db, auth: Auth, body: ProviderBody): Promise<Provider> {
  const name = validName(auth, body);
  const verifiedAt = can(auth, 'provider.vouch') ? new Date() : null;
  const id = await guardName(db, name, undefined, () =>
    insertProvider(db, { ...columnsFrom(body, name, auth), verifiedAt }),
  );
  return getProvider(db, id);
}

/** Replaces the provider's fields with the ones sent; fields left out keep their value. */
export async function updateProvider(db: Db, auth: Auth, id: number, body: ProviderBody): Promise<Provider> {
  const current = await getProvider(db, id);
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const merged: ProviderBody = { ...current, ...sent };
  const name = validName(auth, merged, current.medical_request_url);
  await guardName(db, name, id, () => setProviderColumns(db, id, columnsFrom(merged, name, auth)));
  return getProvider(db, id);
}

/**
 * Internal staff confirm a provider's contact details: the provider becomes verified and none of its
 * requests is 'new' any more, in one transaction. Confirming again keeps the first confirmation time.
 */
export async function verifyProvider(db: Db, id: number): Promise<ProviderVerified> {
  return db.transaction(async (tx) => {
    const verifiedAt = await markProviderVerified(tx, id);
    if (!verifiedAt) throw notFound();
    const cleared = await clearNewProviderFlags(tx, id);
    return {
      success: PROVIDER_VERIFIED_MESSAGE,
      id,
      verified_at: verifiedAt.toISOString(),
      requests_updated: cleared,
    };
  });
}
