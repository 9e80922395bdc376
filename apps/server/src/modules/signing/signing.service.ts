import {
  AUTHORIZATION_EXPIRY_WARNING_DAYS,
  formatDate,
  representativeAuthorityText,
  type SendSigningBody,
  SIGNING_LINK_DAYS,
  SIGNING_MSG,
  SIGNING_PER_CLIENT_PER_HOUR,
  SIGNING_PER_FIRM_PER_DAY,
  type SigningRequest,
  type SigningSent,
  type SigningStatus,
  sensitiveCategoriesOf,
  todayIn,
} from '@dd/shared';
import { consume } from '../../auth/rate-limit';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { secretOfFirm } from '../../lib/firm-secrets';
import { type Mail, SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';
import {
  clientRequests,
  eventsOf,
  firmClient,
  insertSigning,
  listForClient,
  providerNames,
  providersOf,
  recordEvent,
  resetSigningLink,
  type SigningRow,
  signingOfClient,
} from './signing.queries';

/**
 * A firm sends its client a HIPAA authorization to sign online, sees where each one stands and sends it
 * again (docs/decisions/061). Only users of the client's own firm: another firm's client is not found,
 * and internal users are refused (the firm, not the retrieval service, asks its client to sign).
 */
export interface From {
  ip: string | null;
  userAgent: string | null;
}

const PER_CLIENT = { bucket: 'signing-client', limit: SIGNING_PER_CLIENT_PER_HOUR, windowSeconds: 3600 };
const PER_FIRM = { bucket: 'signing-firm', limit: SIGNING_PER_FIRM_PER_DAY, windowSeconds: 86_400 };

async function ownClient(db: Db, auth: Auth, patientId: number) {
  if (auth.isInternal) throw forbidden();
  const client = await firmClient(db, auth.companyId, patientId);
  if (!client) throw notFound();
  return client;
}

export function statusOf(row: SigningRow, now: Date = new Date()): SigningStatus {
  if (row.state === 'signed' || row.state === 'declined' || row.state === 'revoked') return row.state;
  if (row.lockedAt) return 'locked';
  if (row.linkExpiresAt.getTime() <= now.getTime()) return 'expired';
  return row.state;
}

async function checkBody(
  db: Db,
  client: { id: number; companyId: number },
  body: SendSigningBody,
  today: string,
) {
  const reqs = await clientRequests(db, client, body.request_ids);
  if (reqs.length !== new Set(body.request_ids).size) {
    throw badRequest(SIGNING_MSG.foreignRequest, { request_ids: SIGNING_MSG.foreignRequest });
  }
  const known = await providerNames(db, body.provider_ids);
  if (known.size !== new Set(body.provider_ids).size) {
    throw badRequest(SIGNING_MSG.unknownProvider, { provider_ids: SIGNING_MSG.unknownProvider });
  }
  if (!reqs.length && !body.provider_ids.length) {
    throw badRequest(SIGNING_MSG.noRequestsOrProviders, { request_ids: SIGNING_MSG.noRequestsOrProviders });
  }
  if (body.dates_from && body.dates_to && body.dates_to < body.dates_from) {
    throw badRequest(SIGNING_MSG.datesOrder, { dates_to: SIGNING_MSG.datesOrder });
  }
  if (body.expiration && body.expiration <= today) {
    throw badRequest(SIGNING_MSG.expirationPast, { expiration: SIGNING_MSG.expirationPast });
  }
  const sensitive = sensitiveCategoriesOf(body.record_types);
  if (sensitive.includes('psychotherapy_notes') && body.record_types.length > 1) {
    throw badRequest(SIGNING_MSG.psychotherapyAlone, { record_types: SIGNING_MSG.psychotherapyAlone });
  }
}

async function mailLink(
  db: DbOrTx,
  mail: Mail,
  row: SigningRow,
  token: string,
  client: { firstName: string; firmName: string },
) {
  const providers = await providersOf(db, row);
  const content = renderEmail({
    title: 'Please sign your medical records authorization',
    paragraphs: [
      client.firstName ? `Hello ${client.firstName},` : 'Hello,',
      `${client.firmName} asks you to sign an authorization so that your medical records can be requested from ${providers.join(', ')}.`,
      'Review it and sign on your phone or computer; it takes a few minutes. You will be asked for your date of birth first, to confirm it is you.',
      `The link works once and expires on ${formatDate(row.linkExpiresAt)}.`,
      `If you did not expect this e-mail, you can ignore it or call ${client.firmName}.`,
    ],
    action: { label: 'Review and sign', url: SECRET_LINK_PLACEHOLDER },
  });
  await mail.enqueue(db, {
    to: row.email,
    subject: SIGNING_MSG.emailSubject,
    template: 'signing-link',
    secretLink: `${mail.publicUrl}/sign/${token}`,
    ...content,
  });
}

const linkExpiry = (now: Date) => new Date(now.getTime() + SIGNING_LINK_DAYS * 86_400_000);

/** POST …/signing/: checks what the firm chose, counts the limits, stores the hashed token and mails the link. */
export async function sendSigning(
  deps: { db: Db; mail: Mail },
  auth: Auth,
  patientId: number,
  body: SendSigningBody,
  from: From,
  options: { renewsId?: number } = {},
): Promise<SigningSent> {
  const { db, mail } = deps;
  const client = await ownClient(db, auth, patientId);
  if (!client.dateOfBirth) throw conflict(SIGNING_MSG.noDob);
  await checkBody(db, client, body, todayIn(auth.timezone));
  await consume(db, PER_CLIENT, String(patientId), SIGNING_MSG.tooManyForClient);
  await consume(db, PER_FIRM, String(auth.companyId), SIGNING_MSG.tooManyForFirm);
  const token = secretOfFirm(client.companyId);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const created = await insertSigning(tx, {
      companyId: client.companyId,
      patientId,
      createdById: auth.userId,
      email: body.email,
      requestIds: [...new Set(body.request_ids)],
      providerIds: [...new Set(body.provider_ids)],
      recordTypes: body.record_types,
      datesFrom: body.dates_from ?? null,
      datesTo: body.dates_to ?? null,
      purpose: body.purpose,
      expiration: body.expiration ?? null,
      tokenHash: sha256(token),
      linkExpiresAt: linkExpiry(now),
      sentAt: now,
      renewsId: options.renewsId ?? null,
    });
    await recordEvent(tx, created, 'sent', from, now);
    await mailLink(tx, mail, created, token, client);
    return created;
  });
  return { id: row.id, status: 'sent', expires_at: row.linkExpiresAt.toISOString() };
}

/** POST …/signing/{id}/resend/: a new link (the old one stops working) unless the client has signed. */
export async function resendSigning(
  deps: { db: Db; mail: Mail },
  auth: Auth,
  patientId: number,
  signingId: number,
  from: From,
): Promise<SigningSent> {
  const { db, mail } = deps;
  const client = await ownClient(db, auth, patientId);
  const existing = await signingOfClient(db, client, signingId);
  if (!existing) throw notFound();
  if (existing.state === 'signed') throw conflict(SIGNING_MSG.alreadyFinished);
  await consume(db, PER_CLIENT, String(patientId), SIGNING_MSG.tooManyForClient);
  await consume(db, PER_FIRM, String(auth.companyId), SIGNING_MSG.tooManyForFirm);
  const token = secretOfFirm(client.companyId);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const updated = await resetSigningLink(tx, existing, {
      tokenHash: sha256(token),
      linkExpiresAt: linkExpiry(now),
      sentAt: now,
    });
    if (!updated) throw conflict(SIGNING_MSG.alreadyFinished);
    await recordEvent(tx, updated, 'resent', from, now);
    await mailLink(tx, mail, updated, token, client);
    return updated;
  });
  return { id: row.id, status: 'sent', expires_at: row.linkExpiresAt.toISOString() };
}

/** POST …/signing/{id}/renew/: a new link for a signed authorization, filled in from it (the expiry notice's one click). */
export async function renewSigning(
  deps: { db: Db; mail: Mail },
  auth: Auth,
  patientId: number,
  signingId: number,
  from: From,
): Promise<SigningSent> {
  const client = await ownClient(deps.db, auth, patientId);
  const old = await signingOfClient(deps.db, client, signingId);
  if (!old) throw notFound();
  if (old.state !== 'signed') throw conflict(SIGNING_MSG.notSigned);
  // Requests deleted since are left out; the providers they named stay named.
  const still = await clientRequests(deps.db, client, old.requestIds);
  const body: SendSigningBody = {
    request_ids: still.map((r) => r.id),
    provider_ids: old.providerIds,
    record_types: old.recordTypes,
    dates_from: old.datesFrom,
    dates_to: old.datesTo,
    purpose: old.purpose,
    email: old.email,
    expiration: null,
  };
  return sendSigning(deps, auth, patientId, body, from, { renewsId: old.id });
}

const daysUntil = (today: string, day: string) =>
  Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);

/** GET …/signing/: the client's signing requests, newest first, each with its audit trail. */
export async function listSigning(db: Db, auth: Auth, patientId: number): Promise<SigningRequest[]> {
  const client = await ownClient(db, auth, patientId);
  const rows = await listForClient(db, auth.companyId, client.id);
  const events = await eventsOf(
    db,
    client.companyId,
    rows.map((r) => r.row.id),
  );
  const now = new Date();
  const today = todayIn(auth.timezone);
  const renewed = new Set(rows.map((r) => r.row.renewsId));
  return Promise.all(
    rows.map(async ({ row, sentBy }) => ({
      id: row.id,
      status: statusOf(row, now),
      email: row.email,
      providers: await providersOf(db, row),
      request_ids: row.requestIds,
      record_types: row.recordTypes,
      dates_from: row.datesFrom,
      dates_to: row.datesTo,
      purpose: row.purpose,
      expiration: row.expiration,
      sent_at: row.sentAt.toISOString(),
      expires_at: row.linkExpiresAt.toISOString(),
      signed_at: row.signedAt?.toISOString() ?? null,
      signer_name: row.signerName,
      signed_as_representative:
        row.representativeRelationship && row.representativeAuthority
          ? representativeAuthorityText({
              relationship: row.representativeRelationship,
              authority: row.representativeAuthority,
            })
          : null,
      declined_at: row.declinedAt?.toISOString() ?? null,
      decline_reason: row.declineReason,
      document_url: row.documentUrl,
      document_sha256: row.documentSha256,
      authorization_expires_on: row.authorizationExpiresOn,
      sent_by: sentBy,
      renewal_due:
        row.state === 'signed' &&
        row.authorizationExpiresOn !== null &&
        daysUntil(today, row.authorizationExpiresOn) <= AUTHORIZATION_EXPIRY_WARNING_DAYS &&
        !renewed.has(row.id),
      events: events
        .filter((e) => e.signingRequestId === row.id)
        .map((e) => ({ event: e.event, at: e.at.toISOString(), ip: e.ip, user_agent: e.userAgent })),
    })),
  );
}
