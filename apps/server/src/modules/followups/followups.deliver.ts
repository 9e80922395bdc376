import {
  DEFAULT_FOLLOW_UP_TEMPLATE,
  FOLLOW_UP_TEMPLATE_NAME,
  type FollowUpChannel,
  formatDate,
  renderFollowUpText,
} from '@dd/shared';
import type { Tx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import type { Mail } from '../../lib/outbox';
import { insertNote } from '../notes/notes.queries';
import { templateTextOr } from '../notetemplates/notetemplates.service';
import { dueOnTodoToday, providerLetterFacts, setFollowUpChannel } from './followups.queries';

/**
 * Sending one follow-up the caller has already claimed (its row moved from planned to sent under the
 * request's lock): the text comes from the 'Follow-up' note template, goes to the provider's records
 * address through the outbox, and is logged as a one-line note on the request. A provider with no e-mail address
 * gets a letter instead: the note holds the letter and its fax number, and the request comes onto the
 * staff To Do list that day so someone prints or faxes it.
 */
export interface ClaimedFollowUp {
  id: number;
  requestId: number;
  number: number;
  sentOn: string;
}

export async function deliverFollowUp(
  tx: Tx,
  mail: Mail,
  followUp: ClaimedFollowUp,
  options: { byUserId: number | null; today: string },
): Promise<{ channel: FollowUpChannel; noteId: number }> {
  const r = await providerLetterFacts(tx, followUp.requestId);
  const dob = formatDate(r.dateOfBirth);
  const body = renderFollowUpText(
    await templateTextOr(tx, FOLLOW_UP_TEMPLATE_NAME, DEFAULT_FOLLOW_UP_TEMPLATE),
    {
      provider: r.provider,
      client: r.client,
      date_of_birth: dob || 'on the authorization',
      dates: `${formatDate(r.startDate) || 'all available'} to ${formatDate(r.endDate) || 'present'}`,
      law_firm: r.firm,
      sent_on: formatDate(followUp.sentOn),
      request_number: r.internalNumber,
      number: String(followUp.number),
    },
  );
  const signed = `${body}\n\nThank you,\nDirect Docs\n${mail.supportEmail}`;
  const to = r.email?.trim();
  const channel: FollowUpChannel = to ? 'email' : 'letter';
  if (to) {
    const content = renderEmail({
      title: `Follow-up: records request #${r.internalNumber}`,
      paragraphs: signed.split(/\n{2,}/),
    });
    await mail.enqueue(tx, {
      to,
      replyTo: mail.supportEmail,
      subject: `Follow-up: Medical Records Request for ${r.client}${dob ? `, DOB ${dob}` : ''} (Direct Docs #${r.internalNumber})`,
      template: 'provider-follow-up',
      ...content,
    });
  }
  const heading = to
    ? `Follow-up ${followUp.number} e-mailed to the provider at ${to}.`
    : `Follow-up ${followUp.number} is a letter to print or fax: the provider has no e-mail address${r.fax ? ` (fax ${r.fax})` : ''}.`;
  const noteId = await insertNote(tx, {
    // The e-mail's text stays in the outbox; a letter is kept whole in the note, where staff print it from.
    text: to ? heading : `${heading}\n\n${signed}`,
    requestId: followUp.requestId,
    companyId: r.companyId,
    userId: options.byUserId,
  });
  await setFollowUpChannel(tx, followUp.id, channel, noteId);
  if (!to) {
    // Someone has to print or fax it today: the request is due on the To Do list.
    await dueOnTodoToday(tx, { id: followUp.requestId, companyId: r.companyId }, options.today);
  }
  return { channel, noteId };
}
