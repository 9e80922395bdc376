import type { Cents } from '@dd/shared';
import { feeVerdictSentence, formatMoney, type RequestFeeCheck } from '@dd/shared';
import { renderEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../../lib/outbox';
import type { LockedRequest, Recipient } from '../notes/notes.context';
import { requestFacts, requestLink } from '../notes/notes.emails';

/** What the law allows, in a sentence the firm can act on. */
function verdictLine(check: RequestFeeCheck | null): string {
  if (!check)
    return 'The page count has not been recorded yet, so the charge has not been checked against the law.';
  const sentence = feeVerdictSentence(check);
  return check.verdict === 'over' ? `${sentence} You may decline it and have us dispute it.` : sentence;
}

/** To the firm's main contact: a provider charge above the firm's limit waits for its answer. */
export function feeApprovalEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
  charged: Cents;
  feeCheck: RequestFeeCheck | null;
}): OutgoingEmail {
  const { target } = options;
  const content = renderEmail({
    title: 'A provider fee needs your approval',
    paragraphs: [
      `Hello ${options.to.name},`,
      `${target.providerName} charges ${formatMoney(options.charged)} for the records of ${target.clientName}. That is above your firm's approval limit, so we wait for your answer before paying it.`,
      requestFacts(target),
      verdictLine(options.feeCheck),
      'Open the request to approve the fee or decline it. The provider’s legal deadline is paused until you answer.',
    ],
    action: { label: 'Review the Fee', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `Fee approval needed: request #${target.internalNumber} for ${target.clientName}`,
    template: 'fee-approval',
    ...content,
  };
}
