import type { Cents, FeeApprovalKind } from '@dd/shared';
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

/** What the provider asks, in the e-mail's words. */
function askedLine(options: {
  target: LockedRequest;
  kind: FeeApprovalKind;
  charged: Cents;
  reference: string | null;
}): string {
  const { target } = options;
  const amount = formatMoney(options.charged);
  const reference = options.reference ? ` (its reference: ${options.reference})` : '';
  const asked =
    options.kind === 'prepayment'
      ? `${target.providerName} demands payment of ${amount}${reference} before it releases the records of ${target.clientName}.`
      : `${target.providerName} charges ${amount} for the records of ${target.clientName}.`;
  return `${asked} That is above your firm's approval limit, so we wait for your answer before paying it.`;
}

/** To the firm's main contact: a provider fee above the firm's limit waits for its answer. */
export function feeApprovalEmail(options: {
  to: Recipient;
  publicUrl: string;
  target: LockedRequest;
  kind: FeeApprovalKind;
  charged: Cents;
  /** The provider's reference for a prepayment (its invoice number). */
  reference: string | null;
  feeCheck: RequestFeeCheck | null;
}): OutgoingEmail {
  const { target } = options;
  const prepayment = options.kind === 'prepayment';
  const content = renderEmail({
    title: prepayment
      ? 'A provider demands payment before releasing records'
      : 'A provider fee needs your approval',
    paragraphs: [
      `Hello ${options.to.name},`,
      askedLine(options),
      requestFacts(target),
      verdictLine(options.feeCheck),
      'Open the request to approve the fee or decline it. The provider’s legal deadline is paused until you answer.',
    ],
    action: { label: 'Review the Fee', url: requestLink(options.publicUrl, target.id) },
  });
  return {
    to: options.to.email,
    subject: `${prepayment ? 'Prepayment approval needed' : 'Fee approval needed'}: request #${target.internalNumber} for ${target.clientName}`,
    template: 'fee-approval',
    ...content,
  };
}
