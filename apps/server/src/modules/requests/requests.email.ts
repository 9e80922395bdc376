import { formatDate } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';

/** The confirmation a requester receives after submitting requests (one line and link per provider). */
export function submittedEmail(options: {
  to: string;
  publicUrl: string;
  clientName: string;
  startDate: string;
  endDate: string;
  requestTypes: string[];
  rush: boolean;
  created: { id: number; internalNumber: string; providerName: string }[];
}): OutgoingEmail {
  const link = (id: number) => `${options.publicUrl}/request/${id}/`;
  const n = options.created.length;
  const content = renderEmail({
    title: `Your records request was submitted to ${n} ${n === 1 ? 'provider' : 'providers'}`,
    paragraphs: [
      `Client: ${options.clientName}`,
      `Dates requested: ${formatDate(options.startDate)} to ${formatDate(options.endDate)}`,
      `Request types: ${options.requestTypes.join(', ') || 'Not specified'}`,
      `Rush: ${options.rush ? 'Yes' : 'No'}`,
      `Providers:\n${options.created
        .map((c) => `• ${c.providerName} (request #${c.internalNumber}): ${link(c.id)}`)
        .join('\n')}`,
      'Direct Docs will now contact each provider. You can follow every request on your dashboard.',
    ],
    action:
      n === 1
        ? { label: 'View Request', url: link(options.created[0].id) }
        : { label: 'Go To Dashboard', url: `${options.publicUrl}/dashboard/` },
  });
  return {
    to: options.to,
    subject: `Records request submitted to ${n} ${n === 1 ? 'provider' : 'providers'}`,
    template: 'request-submitted',
    ...content,
  };
}

/** The notice to Direct Docs support when a law-firm user adds a note. */
export function newNoteEmail(options: {
  to: string;
  publicUrl: string;
  requestId: number;
  internalNumber: string;
  firmName: string;
  clientName: string;
  providerName: string;
  authorName: string;
  text: string;
}): OutgoingEmail {
  const content = renderEmail({
    title: `New note from ${options.firmName}`,
    paragraphs: [
      `Law firm: ${options.firmName}`,
      `Client: ${options.clientName}`,
      `Provider: ${options.providerName}`,
      `Request: #${options.internalNumber}`,
      `Note by ${options.authorName}:\n${options.text}`,
      'The request is now Waiting for Direct Docs Response.',
    ],
    action: { label: 'Open Request', url: `${options.publicUrl}/request/${options.requestId}/` },
  });
  return {
    to: options.to,
    subject: `New note on request #${options.internalNumber} from ${options.firmName}`,
    template: 'request-note',
    ...content,
  };
}
