import { z } from 'zod';
import { IdSchema } from './ids';

/**
 * Completeness of a request's records: each record category the firm asked for (its request types) is
 * marked by staff on receipt as received, partly received, or certified by the provider as holding none.
 * A request is complete only when every category asked for is received or certified none; a partly
 * received or unmarked one is missing, and one click re-requests the missing ones from the provider.
 */
export const RECORD_RECEIPTS = ['received', 'partial', 'none'] as const;
export type RecordReceipt = (typeof RECORD_RECEIPTS)[number];

export const RECORD_RECEIPT_LABELS = {
  received: 'Received',
  partial: 'Partly received',
  none: 'Certified no records',
} as const satisfies Record<RecordReceipt, string>;

/** What counts as accounted for: the records arrived, or the provider certified it holds none. */
export const ACCOUNTED_RECEIPTS = ['received', 'none'] as const satisfies readonly RecordReceipt[];

export const isAccountedFor = (receipt: RecordReceipt | null): boolean =>
  (ACCOUNTED_RECEIPTS as readonly (RecordReceipt | null)[]).includes(receipt);

export const RecordCategorySchema = z.object({
  request_type: z.number(),
  name: z.string(),
  receipt: z.enum(RECORD_RECEIPTS).nullable(),
  marked_at: z.string().nullable(),
  marked_by: z.string().nullable(),
});
export type RecordCategory = z.infer<typeof RecordCategorySchema>;

export const CompletenessSchema = z.object({
  complete: z.boolean(),
  accounted: z.number(),
  total: z.number(),
  categories: z.array(RecordCategorySchema),
});
export type Completeness = z.infer<typeof CompletenessSchema>;

export function completenessOf(categories: RecordCategory[]): Completeness {
  const accounted = categories.filter((c) => isAccountedFor(c.receipt)).length;
  return {
    complete: categories.length > 0 && accounted === categories.length,
    accounted,
    total: categories.length,
    categories,
  };
}

/** Staff mark what arrived: every category listed is set (null clears a mark). */
export const CompletenessBodySchema = z.object({
  categories: z
    .array(z.object({ request_type: IdSchema, receipt: z.enum(RECORD_RECEIPTS).nullable() }))
    .min(1)
    .max(50),
});
export type CompletenessBody = z.input<typeof CompletenessBodySchema>;

export const CompletenessResultSchema = z.object({ success: z.string(), completeness: CompletenessSchema });

export const COMPLETENESS_MSG = {
  saved: 'Records received saved.',
  notAsked: 'That record category was not asked for on this request.',
  nothingMissing: 'Every record category asked for is accounted for: there is nothing to re-request.',
  reRequested: (to: string) => `Re-request for the missing records e-mailed to the provider at ${to}.`,
  reRequestLetter:
    'The provider has no e-mail address: the re-request is in the notes as a letter to print or fax.',
} as const;

/** The note each change leaves, naming each category and what was marked. */
export function completenessNote(changes: { name: string; receipt: RecordReceipt | null }[]): string {
  const parts = changes.map(
    (c) => `${c.name}: ${c.receipt ? RECORD_RECEIPT_LABELS[c.receipt] : 'not marked'}`,
  );
  return `Records received updated. ${parts.join('; ')}.`;
}

/** The letter (or e-mail) asking the provider again for what is missing. */
export function reRequestText(values: {
  provider: string;
  client: string;
  dateOfBirth: string;
  dates: string;
  lawFirm: string;
  requestNumber: string;
  missing: { name: string; receipt: RecordReceipt | null }[];
}): string {
  const lines = values.missing.map(
    (m) => `- ${m.name}${m.receipt === 'partial' ? ' (only part of these arrived)' : ''}`,
  );
  return [
    `Dear ${values.provider} Medical Records Department,`,
    `Thank you for the records of ${values.client} (date of birth ${values.dateOfBirth}), requested on behalf of ${values.lawFirm} for ${values.dates}. The production we received does not include everything the authorization asks for. Please send the following:`,
    lines.join('\n'),
    'If you hold no records in a category, please say so in writing (a certification of no records) so we can close the request.',
    `Our reference: Direct Docs request #${values.requestNumber}.`,
  ].join('\n\n');
}
