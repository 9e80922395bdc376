import { z } from 'zod';
import { FeeCheckSchema } from './check';
import type { FEE_MEDIA } from './rules';

/**
 * The dispute letter staff send when a provider charges more than the law allows. Its text comes from
 * the 'Fee dispute' note template staff keep (the default below when they have none), with each
 * {placeholder} filled from the request, the charge and the rule that caps it.
 */
export const FEE_DISPUTE_TEMPLATE_NAME = 'Fee dispute';
export const DEFAULT_FEE_DISPUTE_TEMPLATE = [
  'Dear {provider} Medical Records Department,',
  '',
  'We received your invoice of {charged} for {pages} pages ({medium}) of the records of {client}, requested on behalf of {law_firm}.',
  '',
  'Under {citation}, the most that may be charged for these copies is {cap}. The invoice exceeds that limit by {overcharge}.',
  '',
  'Please send a corrected invoice for no more than {cap}, or release the records on payment of that amount.',
  '',
  'Our reference: Direct Docs request #{request_number}.',
].join('\n');

export const FEE_DISPUTE_PLACEHOLDERS = [
  'provider',
  'client',
  'law_firm',
  'request_number',
  'charged',
  'cap',
  'overcharge',
  'pages',
  'medium',
  'rule',
  'citation',
] as const;
export type FeeDisputeValues = Record<(typeof FEE_DISPUTE_PLACEHOLDERS)[number], string>;

export const FEE_MEDIUM_LABELS = {
  paper: 'paper',
  electronic: 'electronic',
  films: 'films',
} as const satisfies Record<(typeof FEE_MEDIA)[number], string>;

export const FEE_PAGES_MESSAGE = 'Enter the number of pages the provider charged for.';

/** The page count a provider's charge is for, as staff record it. */
export const FeePagesSchema = z
  .number({ error: FEE_PAGES_MESSAGE })
  .int(FEE_PAGES_MESSAGE)
  .min(0, FEE_PAGES_MESSAGE)
  .max(1_000_000, FEE_PAGES_MESSAGE);

/** A request's charge checked against its cap, with the dispute letter when the charge is over it. */
export const RequestFeeCheckSchema = FeeCheckSchema.extend({
  dispute_letter: z.string().nullable(),
  /** The pages of the PDFs delivered to the firm (their Bates ranges); null until the first delivery. */
  delivered_pages: z.number().nullable(),
});
export type RequestFeeCheck = z.infer<typeof RequestFeeCheckSchema>;
