import { AUTHORIZATION_EXPIRY_WARNING_DAYS, type AuthorizationExpiry, todayIn } from '@dd/shared';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { newestSignedWithDocument, unsafeHipaaFormsOfRequest } from './signing.expiry.queries';

/**
 * What staff see on a request about its authorization's expiry (decision 061): when the form the request
 * relies on (its own, else the client's) was signed online, the date it expires and whether the firm has
 * sent the client a new link. Internal staff only (the route's rule), so the request is read without a tenant.
 */
const NONE: AuthorizationExpiry = {
  signed_online: false,
  expires_on: null,
  days_left: null,
  expiring: false,
  expired: false,
  renewal_sent: false,
};

export async function requestAuthorizationExpiry(
  db: DbOrTx,
  auth: Auth,
  id: number,
): Promise<AuthorizationExpiry> {
  const row = await unsafeHipaaFormsOfRequest(db, id);
  if (!row) throw notFound();
  const url = row.own ?? row.client;
  if (!url) return NONE;
  const signed = await newestSignedWithDocument(db, url);
  if (!signed?.expiresOn) return NONE;
  const days = Math.round((Date.parse(signed.expiresOn) - Date.parse(todayIn(auth.timezone))) / 86_400_000);
  return {
    signed_online: true,
    expires_on: signed.expiresOn,
    days_left: days,
    expiring: days >= 0 && days <= AUTHORIZATION_EXPIRY_WARNING_DAYS,
    expired: days < 0,
    renewal_sent: Boolean(signed.renewed),
  };
}
