import type { RequestStatus } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { LockedRequest, Recipient } from './notes.context';

/**
 * E-mails caused by staff notes: the new-note notice to the firm's main contact, the request for help
 * ('Need Assistance') and 'All requests for {client} are complete'. Links point at the site, never at files.
 */
export const requestLink = (publicUrl: string, id: number) => `${publicUrl}/request/${id}/`;

/** The block every request e-mail carries: request number, client, provider and firm, one per line. */
export function requestFacts(target: LockedRequest): string {
  return [
    `Request: #${target.internalNumber}`,
    `Client: ${target.clientName}`,
    `Provider: ${target.providerName}`,
    `Law firm: ${target.firmName}`,
  ].join('\n');
}

export function staffNoteEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
  authorName: string;
  text: string;
  newStatus: RequestStatus | null;
}): OutgoingEmail {
  const { target } = options;
  const content = renderEmail({
    title: `New note on request #${target.internalNumber}`,
    paragraphs: [
      `Hello ${options.to.name},`,
      `Direct Docs added a note to the records request for ${target.clientName} at ${target.providerName}.`,
      requestFacts(target),
      `Note by ${options.authorName}:\n${options.text}`,
      ...(options.newStatus ? [`The request status is now: ${options.newStatus}.`] : []),
    ],
    action: { label: 'View Request', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `New note on request #${target.internalNumber} for ${target.clientName}`,
    template: 'staff-note',
    ...content,
  };
}

export function assistanceEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
  text: string;
}): OutgoingEmail {
  const { target } = options;
  const content = renderEmail({
    title: 'Direct Docs needs your help with a records request',
    paragraphs: [
      `Hello ${options.to.name},`,
      `We need your help to continue the records request for ${target.clientName} at ${target.providerName}.`,
      requestFacts(target),
      `What we need:\n${options.text}`,
      'Please open the request, add a note or upload the document we asked for, and we will pick it up right away.',
    ],
    action: { label: 'Open Request', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `Action needed: request #${target.internalNumber} for ${target.clientName}`,
    template: 'need-assistance',
    ...content,
  };
}

export function allCompleteEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
}): OutgoingEmail {
  const { target } = options;
  const content = renderEmail({
    title: `All requests for ${target.clientName} are complete`,
    paragraphs: [
      `Hello ${options.to.name},`,
      `Every records request for ${target.clientName} is now completed or closed. The last one was request #${target.internalNumber} at ${target.providerName}.`,
      'The records that arrived are waiting for you under Download Records on your dashboard.',
    ],
    action: { label: 'Go To Dashboard', url: `${options.publicUrl}/dashboard/` },
  });
  return {
    to: options.to.email,
    subject: `All requests for ${target.clientName} are complete`,
    template: 'client-complete',
    ...content,
  };
}
