import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { LockedRequest, Recipient } from '../notes/notes.context';
import { requestFacts, requestLink } from '../notes/notes.emails';

/**
 * E-mails of the staff actions: the request was cancelled, and the records are ready. Law-firm e-mails
 * never carry health records: the records-ready e-mail links to the request on the site.
 */
export function cancelledEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
}): OutgoingEmail {
  const { target } = options;
  const content = renderEmail({
    title: `Request #${target.internalNumber} was cancelled`,
    paragraphs: [
      `Hello ${options.to.name},`,
      `Direct Docs cancelled the records request for ${target.clientName} at ${target.providerName}. No further work will be done on it.`,
      requestFacts(target),
      'If this is unexpected, add a note on the request and we will get back to you.',
    ],
    action: { label: 'View Request', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `Request #${target.internalNumber} for ${target.clientName} was cancelled`,
    template: 'request-cancelled',
    ...content,
  };
}

export function recordsReadyEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
  documentCount: number;
}): OutgoingEmail {
  const { target, documentCount } = options;
  const documents = `${documentCount} ${documentCount === 1 ? 'document is' : 'documents are'}`;
  const content = renderEmail({
    title: `Records ready for ${target.clientName}`,
    paragraphs: [
      `Hello ${options.to.name},`,
      `The records from ${target.providerName} for ${target.clientName} have arrived and been checked. ${documents} ready for you to review and download.`,
      requestFacts(target),
      'To protect your client’s privacy the records are not attached to this e-mail. Sign in to download them from the request or from Download Records on your dashboard.',
    ],
    action: { label: 'View Records', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `Records ready for review: request #${target.internalNumber} for ${target.clientName}`,
    template: 'records-ready',
    ...content,
  };
}
