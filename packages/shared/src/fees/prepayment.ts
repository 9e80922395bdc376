import { z } from 'zod';
import { MoneyInputSchema } from '../money';
import { FeeApprovalSchema } from './approval';
import { FeePagesSchema } from './dispute';
import { FEE_MEDIA } from './rules';

/**
 * A provider that will not release records until it is paid (docs/fees.md, decision 064): staff record the
 * demand, and it is asked of the firm like a charge: above the firm's auto-approve limit it waits for the
 * firm's answer; within it, it is paid without asking.
 */
export const PREPAYMENT_MSG = {
  amount: 'Enter the amount the provider demands before it releases the records.',
  asked: 'Prepayment demand recorded. The law firm is asked to approve it.',
  withinLimit:
    "Prepayment demand recorded. It is within the firm's approval limit, so it is paid without asking.",
  known: 'The law firm has already been asked about this amount.',
  closed: 'This request is closed: a prepayment can no longer be recorded on it.',
} as const;

export const PrepaymentBodySchema = z
  .object({
    // A missing amount reads as a blank one: 'Enter an amount such as 25.00', not a type error.
    amount: z.preprocess(
      (v) => v ?? '',
      MoneyInputSchema.refine((n) => n > 0, PREPAYMENT_MSG.amount),
    ),
    /** What the demand is for, when the provider says (blank: not known), checked against the legal cap. */
    pages: z.preprocess((v) => (v === '' ? null : v), FeePagesSchema.nullish()),
    medium: z.enum(FEE_MEDIA).nullish(),
    /** The provider's reference (an invoice number), shown in the note and the e-mail to the firm. */
    note: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
  })
  .strict();
export type PrepaymentBody = Omit<z.input<typeof PrepaymentBodySchema>, 'amount' | 'pages'> & {
  amount: number | string;
  pages?: number | null;
};

/** The approval the firm is asked for, or null when the demand is within its limit. */
export const PrepaymentResultSchema = z.object({
  success: z.string(),
  approval: FeeApprovalSchema.nullable(),
});

/** The notes a recorded demand leaves on the request; amounts are formatted money ('$95.00'). */
export const prepaymentNote = {
  asked: (amount: string, limit: string, note: string | null) =>
    `Provider demands a prepayment of ${amount} before releasing the records${note ? ` (${note})` : ''}. It is above the firm's approval limit of ${limit}: waiting for the firm's approval.`,
  withinLimit: (amount: string, limit: string | null, note: string | null) =>
    `Provider demands a prepayment of ${amount} before releasing the records${note ? ` (${note})` : ''}. ${limit ? `It is within the firm's approval limit of ${limit}` : 'The firm asks no fee approvals'}: no approval needed.`,
};
