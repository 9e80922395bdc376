import { REJECTION_FIX, REJECTION_REASON_LABELS, type RejectionReason } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { LockedRequest, Recipient } from '../notes/notes.context';
import { requestFacts, requestLink } from '../notes/notes.emails';

/**
 * E-mails to the firm when the provider has nothing to send (decision 058): no records found, the
 * signed certification delivered, and a rejection with what fixes it. Never any health record attached.
 */
interface Options {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
}

export function noRecordsEmail({ to, publicUrl, target }: Options): OutgoingEmail {
  const content = renderEmail({
    title: `No records found for ${target.clientName}`,
    paragraphs: [
      `Hello ${to.name},`,
      `${target.providerName} tells us it holds no records of ${target.clientName} for the dates you asked.`,
      requestFacts(target),
      'We are getting the provider’s signed certification of no records; you will be able to download it from the request as soon as it arrives.',
    ],
    action: { label: 'View Request', url: requestLink(publicUrl, target.id) },
  });
  return {
    to: to.email,
    subject: `No records found: request #${target.internalNumber} for ${target.clientName}`,
    template: 'no-records-found',
    ...content,
  };
}

export function certificationReadyEmail({ to, publicUrl, target }: Options): OutgoingEmail {
  const content = renderEmail({
    title: `Certification of no records for ${target.clientName}`,
    paragraphs: [
      `Hello ${to.name},`,
      `${target.providerName} signed its certification that it holds no records of ${target.clientName} for the dates you asked.`,
      requestFacts(target),
      'Sign in to download it from the request, like records.',
    ],
    action: { label: 'View Certification', url: requestLink(publicUrl, target.id) },
  });
  return {
    to: to.email,
    subject: `Certification of no records: request #${target.internalNumber} for ${target.clientName}`,
    template: 'no-records-certification',
    ...content,
  };
}

export function rejectedEmail({
  to,
  publicUrl,
  target,
  reason,
}: Options & { reason: RejectionReason }): OutgoingEmail {
  const content = renderEmail({
    title: `The provider rejected request #${target.internalNumber}`,
    paragraphs: [
      `Hello ${to.name},`,
      `${target.providerName} rejected the records request for ${target.clientName}. Reason: ${REJECTION_REASON_LABELS[reason]}.`,
      requestFacts(target),
      REJECTION_FIX[reason],
      'The provider’s legal deadline is paused until the request is sent again.',
    ],
    action: { label: 'Fix the Request', url: requestLink(publicUrl, target.id) },
  });
  return {
    to: to.email,
    subject: `Request rejected by the provider: #${target.internalNumber} for ${target.clientName}`,
    template: 'request-rejected',
    ...content,
  };
}
