import { z } from 'zod';
import { AmountSchema, MoneyInputSchema } from '../money';
import { FeeCheckSchema } from './check';

/**
 * The firm approves what it pays (docs/fees.md): a provider charge above the firm's auto-approve limit
 * waits for the firm's answer, the request in 'Waiting for Fee Approval' with its legal clock paused.
 */
export const FEE_APPROVAL_STATES = ['pending', 'approved', 'declined'] as const;
export type FeeApprovalState = (typeof FEE_APPROVAL_STATES)[number];

/** A charge for copies the provider will send, or a payment it demands before it releases anything. */
export const FEE_APPROVAL_KINDS = ['charge', 'prepayment'] as const;
export type FeeApprovalKind = (typeof FEE_APPROVAL_KINDS)[number];

/** Declining: cancel the request, or have staff dispute the charge with the provider. */
export const FEE_DECLINE_ACTIONS = ['cancel', 'dispute'] as const;
export type FeeDeclineAction = (typeof FEE_DECLINE_ACTIONS)[number];

export const FEE_APPROVAL_KIND_LABELS = {
  charge: 'Copy charge',
  prepayment: 'Prepayment demanded',
} as const satisfies Record<FeeApprovalKind, string>;

export const FEE_DECLINE_ACTION_LABELS = {
  cancel: 'Cancel the request',
  dispute: 'Ask Direct Docs to dispute the charge',
} as const satisfies Record<FeeDeclineAction, string>;

export const FEE_APPROVAL_MSG = {
  approved: 'Fee approved. Direct Docs will pay the provider and go on with the request.',
  declinedCancel: 'Fee declined. The request is cancelled.',
  declinedDispute: 'Fee declined. Direct Docs will dispute the charge with the provider.',
  notPending: 'This fee has already been answered.',
  limit: 'Enter the most a provider may charge without asking you, in dollars, or leave it blank.',
} as const;

/** How the notes name what the firm is asked about. */
const NOTE_NOUNS = {
  charge: 'Provider fee',
  prepayment: 'Prepayment',
} as const satisfies Record<FeeApprovalKind, string>;

/** The note each step leaves on the request; `amount` is formatted money ('$180.00'). */
export const feeApprovalNote = {
  asked: (amount: string, limit: string) =>
    `Provider fee of ${amount} is above the firm's approval limit of ${limit}: waiting for the firm's approval.`,
  approved: (amount: string, by: string, kind: FeeApprovalKind = 'charge') =>
    `${NOTE_NOUNS[kind]} of ${amount} approved by ${by}.`,
  declined: (
    amount: string,
    by: string,
    action: FeeDeclineAction,
    reason: string | null,
    kind: FeeApprovalKind = 'charge',
  ) =>
    `${NOTE_NOUNS[kind]} of ${amount} declined by ${by}: ${action === 'cancel' ? 'request cancelled' : 'dispute the charge with the provider'}.${reason ? ` Reason: ${reason}` : ''}`,
};

/** How an invoice names the firm's approval of a provider charge. */
export const feeApprovalCaption = (
  approval: { by: string | null; at: string },
  formatDay: (iso: string) => string,
) => `Approved by ${approval.by ?? 'a former user'} on ${formatDay(approval.at)}`;

export const FeeApprovalSchema = z.object({
  id: z.number(),
  kind: z.enum(FEE_APPROVAL_KINDS),
  amount: AmountSchema,
  state: z.enum(FEE_APPROVAL_STATES),
  /** The charge checked against the legal cap when it was asked, if the pages were recorded. */
  fee_check: FeeCheckSchema.nullable(),
  asked_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decline_action: z.enum(FEE_DECLINE_ACTIONS).nullable(),
  decline_reason: z.string().nullable(),
});
export type FeeApproval = z.infer<typeof FeeApprovalSchema>;

export const FeeApprovalListSchema = z.object({ results: z.array(FeeApprovalSchema) });

export const FeeDeclineBodySchema = z
  .object({
    action: z.enum(FEE_DECLINE_ACTIONS),
    reason: z.string().trim().max(2000).nullish(),
  })
  .strict();
export type FeeDeclineBody = z.input<typeof FeeDeclineBodySchema>;

export const FeeApprovalResultSchema = z.object({ success: z.string(), approval: FeeApprovalSchema });

/** The company's limit as a form and the API send it: dollars, or blank for none. */
export const AutoApproveLimitSchema = z.preprocess((v) => (v === '' ? null : v), MoneyInputSchema.nullish());
