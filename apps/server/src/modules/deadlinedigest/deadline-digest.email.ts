import { DEADLINE_STATUS_LABELS, DUE_SOON_BUSINESS_DAYS, formatDate, todayIn } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { Digest, DigestRequest } from './deadline-digest.queries';

/**
 * The weekly deadline e-mail: the firm's overdue requests, then those due soon, each with the provider's
 * legal due date, the rule that set it and the last thing Direct Docs staff did about it.
 */
const NOTE_CHARACTERS = 300;

function entry(r: DigestRequest, zone: string): string {
  const note = r.lastStaffNote;
  const text =
    note && note.text.length > NOTE_CHARACTERS ? `${note.text.slice(0, NOTE_CHARACTERS)}…` : note?.text;
  return [
    `#${r.internalNumber} · ${r.client} at ${r.provider}`,
    `Due ${formatDate(r.dueDate)}: ${DEADLINE_STATUS_LABELS[r.status]}${r.rule ? ` (${r.rule})` : ''}`,
    note
      ? `What staff did: ${formatDate(todayIn(zone, note.at))}, ${note.author}: ${text}`
      : 'What staff did: no note from Direct Docs staff yet.',
  ].join('\n');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const isAre = (n: number) => (n === 1 ? 'is' : 'are');

export function deadlineDigestEmail(options: {
  to: { email: string; firstName: string };
  firmName: string;
  zone: string;
  publicUrl: string;
  digest: Digest;
}): OutgoingEmail {
  const { digest, zone } = options;
  const overdue = digest.requests.filter((r) => r.status === 'overdue' || r.status === 'very_overdue');
  const soon = digest.requests.filter((r) => r.status === 'due_soon');
  const left = digest.overdue + digest.dueSoon - digest.requests.length;
  const title = `Legal deadlines this week: ${digest.overdue} overdue, ${digest.dueSoon} due soon`;
  const content = renderEmail({
    title,
    paragraphs: [
      `Hello ${options.to.firstName},`,
      `${plural(digest.overdue, 'open request', 'open requests')} of ${options.firmName} ${isAre(digest.overdue)} past the provider's legal deadline, and ${digest.dueSoon} ${isAre(digest.dueSoon)} due within ${DUE_SOON_BUSINESS_DAYS} business days. Under each, the last thing Direct Docs staff did about it.`,
      ...(overdue.length ? [`OVERDUE (${digest.overdue})`, ...overdue.map((r) => entry(r, zone))] : []),
      ...(soon.length ? [`DUE SOON (${digest.dueSoon})`, ...soon.map((r) => entry(r, zone))] : []),
      ...(left > 0 ? [`…and ${plural(left, 'more request', 'more requests')} on your dashboard.`] : []),
    ],
    action: { label: 'Open Your Dashboard', url: `${options.publicUrl}/dashboard/?deadline=overdue` },
    footer:
      'You asked for this weekly e-mail on your Direct Docs dashboard. Untick “Weekly deadline e-mail” there to stop it.',
  });
  return { to: options.to.email, subject: title, template: 'deadline-digest', ...content };
}
