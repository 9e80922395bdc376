import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AUTHORIZATION_TITLE,
  type AuthorizationFacts,
  authorizationSections,
  type DeclineBody,
  defaultExpiration,
  representativeAuthorityText,
  SIGNING_MAX_DOB_FAILURES,
  SIGNING_MSG,
  type SignBody,
  type SigningDocument,
  type SigningLinkState,
  todayIn,
} from '@dd/shared';
import { PDFDocument } from 'pdf-lib';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { attachSignedForm } from './signing.attach';
import { buildSignedPdf } from './signing.pdf';
import {
  countIdentityFailure,
  eventsOf,
  markLinkDeclined,
  markLinkOpened,
  markLinkSigned,
  providersOf,
  recordEvent,
  rowByToken,
} from './signing.queries';
import { type From, statusOf } from './signing.service';

/**
 * The client's side of a signing link, with no account: the token is the key. Until the date of birth
 * matches, nothing says whom the link is for (not the client's name, not the firm's); wrong dates are
 * counted and lock the link. Signing or declining uses it up; the PDF becomes the client's HIPAA form.
 */
type Found = NonNullable<Awaited<ReturnType<typeof rowByToken>>>;

const gone = (message: string) => new HttpError(410, message);

function linkState(found: Found | undefined, now: Date): SigningLinkState['status'] | 'unknown' {
  if (!found) return 'unknown';
  const status = statusOf(found.row, now);
  if (status === 'signed' || status === 'declined') return 'finished';
  if (status === 'locked' || status === 'expired') return status;
  return 'ready';
}

function assertReady(found: Found | undefined, now: Date): asserts found is Found {
  const state = linkState(found, now);
  if (state === 'unknown') throw notFound(SIGNING_MSG.linkUnusable);
  if (state === 'locked') throw gone(SIGNING_MSG.locked);
  if (state !== 'ready') throw gone(SIGNING_MSG.linkUnusable);
}

/** GET /api/signing/{token}/: whether the link can be used; the first look is the 'opened' event. */
export async function openLink(db: Db, token: string, from: From): Promise<SigningLinkState> {
  const found = await rowByToken(db, token);
  const state = linkState(found, new Date());
  if (state === 'unknown') throw notFound(SIGNING_MSG.linkUnusable);
  if (state === 'ready' && found!.row.state === 'sent') {
    const opened = await markLinkOpened(db, found!.row);
    if (opened) await recordEvent(db, found!.row, 'opened', from);
  }
  return { status: state };
}

/**
 * The date of birth must match before anything is shown or done. A wrong one is counted in one atomic
 * update (parallel guesses cannot pass the limit), and the last allowed failure locks the link.
 */
async function confirmIdentity(db: Db, token: string, dateOfBirth: string, from: From): Promise<Found> {
  const found = await rowByToken(db, token);
  assertReady(found, new Date());
  if (found.dateOfBirth && found.dateOfBirth === dateOfBirth) return found;
  const failed = await countIdentityFailure(db, found.row);
  await recordEvent(db, found.row, 'identity_failed', from);
  const left = SIGNING_MAX_DOB_FAILURES - failed;
  if (left <= 0) {
    if (failed === SIGNING_MAX_DOB_FAILURES) await recordEvent(db, found.row, 'locked', from);
    throw gone(SIGNING_MSG.locked);
  }
  const message = SIGNING_MSG.wrongDob(left);
  throw new HttpError(403, message, { date_of_birth: message });
}

async function factsOf(db: DbOrTx, found: Found, today: string): Promise<AuthorizationFacts> {
  const { row } = found;
  return {
    clientName: found.clientName,
    dateOfBirth: found.dateOfBirth ?? '',
    firmName: found.firmName,
    providers: await providersOf(db, row),
    recordTypes: row.recordTypes,
    datesFrom: row.datesFrom,
    datesTo: row.datesTo,
    purpose: row.purpose,
    expiresOn: row.expiration ?? defaultExpiration(today),
  };
}

const todayOf = (found: Found) => todayIn(found.senderTimezone ?? 'America/Denver');

/** POST /api/signing/{token}/identity/: the authorization to read, once the date of birth matches. */
export async function showDocument(
  db: Db,
  token: string,
  dateOfBirth: string,
  from: From,
): Promise<SigningDocument> {
  const found = await confirmIdentity(db, token, dateOfBirth, from);
  await recordEvent(db, found.row, 'identity_confirmed', from);
  const facts = await factsOf(db, found, todayOf(found));
  return {
    title: AUTHORIZATION_TITLE,
    client_name: found.clientName,
    firm_name: found.firmName,
    sections: authorizationSections(facts),
  };
}

/** The drawn signature's PNG, or a 400 when it is not one pdf-lib can read. */
async function pngOf(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    await (await PDFDocument.create()).embedPng(bytes);
  } catch {
    throw badRequest(SIGNING_MSG.signatureNeeded, { signature: SIGNING_MSG.signatureNeeded });
  }
  return bytes;
}

/** POST /api/signing/{token}/sign/: the signed PDF with its certificate, stored and made the client's form. */
export async function sign(
  deps: { db: Db; storage: Storage },
  token: string,
  body: SignBody,
  from: From,
): Promise<{ status: 'signed' }> {
  const { db, storage } = deps;
  const checked = await confirmIdentity(db, token, body.date_of_birth, from);
  const png = body.signature.kind === 'drawn' ? await pngOf(body.signature.image) : null;
  const representativeAuthority = body.representative
    ? representativeAuthorityText(body.representative)
    : null;
  const key = `hipaa-forms/signed/s${checked.row.id}/${randomUUID()}-HIPAA-authorization.pdf`;
  await db.transaction(async (tx) => {
    // The row is locked so a second tap (or a resend) cannot sign the same link twice.
    const found = await rowByToken(tx, token, { lock: true });
    assertReady(found, new Date());
    const signedAt = new Date();
    const signedOn = todayOf(found);
    const facts = await factsOf(tx, found, signedOn);
    await recordEvent(tx, found.row, 'signed', from, signedAt);
    const events = await eventsOf(tx, found.row.companyId, [found.row.id]);
    const { pdf, sha256: digest } = await buildSignedPdf({
      sections: authorizationSections(facts),
      signerName: body.signer_name,
      representativeAuthority,
      signaturePng: png,
      signedOn,
      certificate: {
        email: found.row.email,
        signedAt,
        ip: from.ip,
        userAgent: from.userAgent,
        events: events.map((e) => ({ event: e.event, at: e.at, ip: e.ip, userAgent: e.userAgent })),
      },
    });
    await storage.put(key, Readable.from([Buffer.from(pdf)]), { contentType: 'application/pdf' });
    await markLinkSigned(tx, found.row, {
      signedAt,
      signerName: body.signer_name,
      representativeRelationship: body.representative?.relationship ?? null,
      representativeAuthority: body.representative?.authority ?? null,
      signatureKind: body.signature.kind,
      documentUrl: key,
      documentSha256: digest,
      authorizationExpiresOn: facts.expiresOn,
    });
    await attachSignedForm(tx, {
      patientId: found.row.patientId,
      companyId: found.row.companyId,
      requestIds: found.row.requestIds,
      providerIds: found.row.providerIds,
      documentUrl: key,
      facts,
      signerName: body.signer_name,
      representativeAuthority,
      signedOn,
    });
  });
  return { status: 'signed' };
}

/** POST /api/signing/{token}/decline/: the client says no; the link is used up and the firm sees why. */
export async function decline(
  db: Db,
  token: string,
  body: DeclineBody,
  from: From,
): Promise<{ status: 'declined' }> {
  const checked = await confirmIdentity(db, token, body.date_of_birth, from);
  await db.transaction(async (tx) => {
    const found = await rowByToken(tx, token, { lock: true });
    assertReady(found, new Date());
    await markLinkDeclined(tx, checked.row, {
      declinedAt: new Date(),
      declineReason: body.reason?.trim() || null,
    });
    await recordEvent(tx, checked.row, 'declined', from);
  });
  return { status: 'declined' };
}
