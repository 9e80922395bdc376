import { formatDate, type NotificationEmailKind, notificationEmailKind, todayIn } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { BellEvent } from './notifications.queries';

/**
 * The notification e-mails (decision 065): one bell event at once, or the day's events in one digest. They
 * carry what the bell shows (request number, client, status change, who, the note's first 200 characters)
 * and a link into the app: never an SSN, a file or its contents.
 */
const FOOTER =
  'You chose these e-mails under “Notification e-mails” on your Direct Docs dashboard. Choose “Never” there to stop them.';
const DIGEST_LIMIT = 50;
const SUBJECTS = {
  status_change: 'Status changed',
  records_arrived: 'Records arrived',
  note: 'New note',
} as const satisfies Record<NotificationEmailKind, string>;

interface Recipient {
  email: string;
  firstName: string;
}

function lines(e: BellEvent, zone: string): string {
  return [
    `#${e.internalNumber} · ${e.client}`,
    ...(e.statusChange ? [`Status: ${e.statusChange}`] : []),
    e.text,
    `${e.by ?? 'Direct Docs'} · ${formatDate(todayIn(zone, e.at))}`,
  ].join('\n');
}

export function notificationEmail(options: {
  to: Recipient;
  zone: string;
  publicUrl: string;
  event: BellEvent;
}): OutgoingEmail {
  const { event } = options;
  const title = `${SUBJECTS[notificationEmailKind(event.statusChange)]} on request #${event.internalNumber}`;
  const content = renderEmail({
    title,
    paragraphs: [`Hello ${options.to.firstName},`, lines(event, options.zone)],
    action: { label: 'Open the request', url: `${options.publicUrl}/request/${event.requestId}/` },
    footer: FOOTER,
  });
  return { to: options.to.email, subject: title, template: 'notification', ...content };
}

export function notificationDigestEmail(options: {
  to: Recipient;
  zone: string;
  publicUrl: string;
  events: BellEvent[];
}): OutgoingEmail {
  const { events } = options;
  const shown = events.slice(0, DIGEST_LIMIT);
  const left = events.length - shown.length;
  const title = `Your requests today: ${events.length} ${events.length === 1 ? 'update' : 'updates'}`;
  const content = renderEmail({
    title,
    paragraphs: [
      `Hello ${options.to.firstName},`,
      'What others did on your requests since your last digest, oldest first:',
      ...shown.map((e) => `${lines(e, options.zone)}\n${options.publicUrl}/request/${e.requestId}/`),
      ...(left > 0 ? [`…and ${left} more under the bell in Direct Docs.`] : []),
    ],
    action: { label: 'Open Your Dashboard', url: `${options.publicUrl}/dashboard/` },
    footer: FOOTER,
  });
  return { to: options.to.email, subject: title, template: 'notification-digest', ...content };
}
