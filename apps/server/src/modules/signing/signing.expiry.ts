import {
  AUTHORIZATION_EXPIRY_WARNING_DAYS,
  formatDate,
  isOpenStatus,
  SIGNING_MSG,
  STATUS,
  todayIn,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { signingRequests } from '../../db/schema';
import { renderEmail } from '../../lib/email-layout';
import { changeStatus } from '../notes/notes.status';
import { claimExpiredHandling, claimExpiryNotice, signedExpiringBy } from './signing.expiry.queries';
import {
  firmRequestsRelyingOn,
  insertStatusNote,
  lockFirmRequestForChange,
  recordEvent,
} from './signing.queries';

/**
 * The daily look at signed online authorizations (decision 061): one expiring within
 * AUTHORIZATION_EXPIRY_WARNING_DAYS and not yet renewed gets the firm an e-mail (the request's card then
 * offers "Renew", which sends the client a new link pre-filled from the old one); one that has expired
 * moves the open requests still relying on it to 'Need Assistance' with a note saying why. Each row is
 * claimed by a conditional update, so two instances running the chore act once.
 */
export const SIGNING_EXPIRY_JOB = 'signing.expiry';
const SYSTEM = { ip: null, userAgent: null };

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
export async function runAuthorizationExpiry(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  now: Date = new Date(),
): Promise<{ warned: number; expired: number }> {
  const { db } = deps;
  // Far enough ahead for every time zone; each row's own "today" decides below.
  const horizon = new Date(now.getTime() + (AUTHORIZATION_EXPIRY_WARNING_DAYS + 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = await signedExpiringBy(db, horizon);
  let warned = 0;
  let expired = 0;
  for (const found of rows) {
    const expiresOn = found.row.authorizationExpiresOn!;
    const today = todayIn(found.senderTimezone ?? 'America/Denver', now);
    if (expiresOn < today) {
      if (await expire(deps, found.row, now)) expired++;
    } else if (
      daysBetween(today, expiresOn) <= AUTHORIZATION_EXPIRY_WARNING_DAYS &&
      !found.row.expiryNoticeAt
    ) {
      if (await warn(db, deps.mail, found, now)) warned++;
    }
  }
  return { warned, expired };
}

type Found = {
  row: typeof signingRequests.$inferSelect;
  clientName: string;
  senderEmail: string | null;
  senderActive: boolean | null;
};

async function warn(db: Db, mail: AppDeps['mail'], found: Found, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await claimExpiryNotice(tx, found.row.id, now);
    if (!claimed) return false;
    await recordEvent(tx, found.row, 'expiry_notice', SYSTEM, now);
    if (!found.senderEmail || !found.senderActive) return true;
    const requestId = found.row.requestIds[0];
    const content = renderEmail({
      title: SIGNING_MSG.renewalSubject,
      paragraphs: [
        `The HIPAA authorization ${found.clientName} signed online on ${formatDate(found.row.signedAt)} expires on ${formatDate(found.row.authorizationExpiresOn)}.`,
        'Providers refuse an expired authorization. Send the client a new signing link in one click: open the request and press "Renew" under Online Authorization; it is filled in from the one they signed.',
      ],
      action: requestId
        ? { label: 'Open the request', url: `${mail.publicUrl}/request/${requestId}/` }
        : undefined,
    });
    await mail.enqueue(tx, {
      to: found.senderEmail,
      subject: SIGNING_MSG.renewalSubject,
      template: 'signing-renewal',
      ...content,
    });
    return true;
  });
}

async function expire(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  row: typeof signingRequests.$inferSelect,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimExpiredHandling(tx, row.id, now);
    if (!claimed || !row.requestIds.length || !row.documentUrl) return claimed;
    // Only the requests that still rely on this form: a newer one on the request replaced it.
    const relying = await firmRequestsRelyingOn(tx, row.companyId, row.requestIds, row.documentUrl);
    const text = SIGNING_MSG.expiredNote(formatDate(row.signedAt), formatDate(row.authorizationExpiresOn));
    for (const { id } of relying) {
      const target = await lockFirmRequestForChange(tx, { id, companyId: row.companyId });
      if (!target || !isOpenStatus(target.status) || target.status === STATUS.needAssistance) continue;
      await insertStatusNote(tx, {
        text,
        requestId: id,
        companyId: target.companyId,
        userId: null,
        updateStatus: STATUS.needAssistance,
        previousStatus: target.status,
      });
      await changeStatus(tx, deps.mail, target, STATUS.needAssistance);
    }
    return true;
  });
}
