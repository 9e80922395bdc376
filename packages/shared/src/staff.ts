import { z } from 'zod';
import { errorWithDetails } from './api-shapes';
import { LEGAL_BASES } from './deadlines';
import { ClericalMinutesSchema, FEE_MEDIA, FeePagesSchema } from './fees';
import { IdSchema } from './ids';
import {
  requiredFieldMessage,
  splitMissingProviderMessage,
  splitNoTypesMessage,
  splitTypeNotIncludedMessage,
} from './messages';
import { AmountSchema, MoneyInputSchema, requiredMoneyInput } from './money';
import { RequestListItemSchema, WorkingOnSchema } from './requests';

/**
 * The staff workflow around the request list (staff spec sections 2, 4, 5): claiming and assignment,
 * the requisition and provider fee form, the split rules (the same messages in the browser and on the
 * server), request types and note templates.
 */

/* Claiming: POST /api/home/request/{id}/ with only `working_on`. */

export const ClaimBodySchema = z
  .object({
    /** Yourself to claim, another staff member to assign, null to release. */
    working_on: z.union([IdSchema, z.null()]),
  })
  .strict();
export type ClaimBody = z.infer<typeof ClaimBodySchema>;

/**
 * Move to another provider: POST /api/home/request/{id}/ with only `provider` (internal staff). The
 * spec's provider merge moves each request this way before deleting the old provider.
 */
export const ProviderMoveBodySchema = z.object({ provider: z.union([IdSchema, z.null()]) }).strict();
export type ProviderMoveBody = z.infer<typeof ProviderMoveBodySchema>;

/** Archive or make active again: POST /api/home/request/{id}/ with only `archived` (internal staff). */
export const ArchiveBodySchema = z.object({ archived: z.boolean() }).strict();
export type ArchiveBody = z.infer<typeof ArchiveBodySchema>;

/**
 * Staff correct a request's legal clock: POST /api/home/request/{id}/ with `legal_basis` and/or
 * `extension_notice_on` (the day the provider's written extension notice was recorded; null removes it).
 */
export const DeadlineCorrectionBodySchema = z
  .object({
    legal_basis: z.enum(LEGAL_BASES).optional(),
    extension_notice_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
      .nullable()
      .optional(),
  })
  .strict();
export type DeadlineCorrectionBody = z.infer<typeof DeadlineCorrectionBodySchema>;

/** POST /api/home/request/{id}/ with {status} (staff spec section 7): the spec's way of moving a request. */
export const StatusChangeBodySchema = z
  .object({
    status: z.string().trim().min(1).max(200),
  })
  .strict();
export type StatusChangeBody = z.infer<typeof StatusChangeBodySchema>;
export const backToRequestedMessage =
  "A request goes back to 'Requested By Lawyer' only when the law firm edits and resubmits it.";

export const claimHeldMessage = (name: string) => `This request is already being worked on by ${name}.`;
export const chooseAssigneeMessage = 'Choose a staff member to assign.';

/** 409 on a claim: who holds the request now. */
export const ClaimConflictSchema = errorWithDetails({ working_on: WorkingOnSchema });
export type ClaimConflict = z.infer<typeof ClaimConflictSchema>;

/* Requisition and provider fee: POST /api/home/request/{id}/ with requisition_id and provider_cost. */

export const RequisitionBodySchema = z
  .object({
    requisition_id: z
      .string()
      .max(100)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    /** Required: missing or blank, it gets the spec's message for an empty required field. */
    provider_cost: requiredMoneyInput('Provider Cost'),
    /** What the charge was for, checked against the legal fee caps; left out, the recorded values stay. */
    pages: FeePagesSchema.nullish(),
    medium: z.enum(FEE_MEDIA).nullish(),
    /** The clerical time and postage the provider itemized (subpoena costs); left out, they stay as recorded. */
    clerical_minutes: ClericalMinutesSchema.nullish(),
    postage: MoneyInputSchema.nullish(),
    /** Sent by old clients; the price is never taken from the client (it is dropped). */
    price: z.unknown().optional(),
  })
  .strict();
export type RequisitionBody = z.input<typeof RequisitionBodySchema>;

const blankAsNone = (v: unknown) => (v === '' ? null : v);
/** The Tracking card's form: the body's rules, with a count or postage left blank read as none (null). */
export const RequisitionFormSchema = RequisitionBodySchema.extend({
  pages: z.preprocess(blankAsNone, RequisitionBodySchema.shape.pages),
  clerical_minutes: z.preprocess(blankAsNone, RequisitionBodySchema.shape.clerical_minutes),
  postage: z.preprocess(blankAsNone, RequisitionBodySchema.shape.postage),
});

/** The request as the staff's own calls return it: the list item plus the staff-only figures. */
export const StaffRequestSchema = RequestListItemSchema.extend({
  requisition_id: z.string().nullable().optional(),
  provider_cost: AmountSchema.optional(),
  page_fee: AmountSchema.optional(),
});
export type StaffRequest = z.infer<typeof StaffRequestSchema>;

/* Split: POST /api/home/request/{id}/split/. */

export const SplitRowSchema = z.object({
  provider: z.union([IdSchema, z.null()]),
  request_types: z.array(z.string().trim().min(1).max(200)).max(50),
});
export type SplitRow = z.infer<typeof SplitRowSchema>;

export const SplitBodySchema = z
  .object({
    splits: z.array(SplitRowSchema).min(1, 'Add at least one split.').max(50),
    /** Proceed although some split has no types or some type is in no split. */
    override: z.boolean().optional(),
  })
  .strict();
export type SplitBody = z.infer<typeof SplitBodySchema>;

export interface SplitCheck {
  /** The messages in the spec's order, joined by spaces (empty when all is well). */
  error: string;
  /** False when some split has no provider: that cannot be overridden. */
  canOverride: boolean;
}

/**
 * The split rules: per position N (1-based) a missing provider, then no request types; then every type
 * of the original request that no split includes.
 */
export function checkSplits(originalTypes: readonly string[], splits: readonly SplitRow[]): SplitCheck {
  const messages: string[] = [];
  let missingProvider = false;
  splits.forEach((split, index) => {
    if (split.provider === null) {
      missingProvider = true;
      messages.push(splitMissingProviderMessage(index + 1));
    }
    if (split.request_types.length === 0) messages.push(splitNoTypesMessage(index + 1));
  });
  const included = new Set(splits.flatMap((s) => s.request_types));
  for (const type of originalTypes) if (!included.has(type)) messages.push(splitTypeNotIncludedMessage(type));
  return { error: messages.join(' '), canOverride: !missingProvider };
}

export const SplitResultSchema = z.object({
  count: z.number(),
  results: z.array(z.object({ id: z.number(), internal_number: z.string() })),
  message: z.string(),
});
export type SplitResult = z.infer<typeof SplitResultSchema>;

/** 400 on a split the staff member may still push through with 'Override'. */
export const SplitRefusalSchema = errorWithDetails({ can_override: z.boolean() });

/* Request types admin. */

/** The form's own required-field message, so the browser and the server say the same. */
export const requestTypeNameRequiredMessage = requiredFieldMessage('Name');
export const requestTypeExistsMessage = 'That request type already exists.';

export const RequestTypeBodySchema = z.object({
  name: z
    .string({ error: requestTypeNameRequiredMessage })
    .trim()
    .min(1, requestTypeNameRequiredMessage)
    .max(200, 'Use at most 200 characters.'),
});

/* Note templates (notelist). */

export const noteTemplateNameRequiredMessage = requiredFieldMessage('Name');
export const noteTemplateTextRequiredMessage = requiredFieldMessage('Text');

export const NoteTemplateBodySchema = z.object({
  name: z
    .string({ error: noteTemplateNameRequiredMessage })
    .trim()
    .min(1, noteTemplateNameRequiredMessage)
    .max(200, 'Use at most 200 characters.'),
  description: z
    .string()
    .max(1000)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  text: z
    .string({ error: noteTemplateTextRequiredMessage })
    .trim()
    .min(1, noteTemplateTextRequiredMessage)
    .max(10_000),
});
export type NoteTemplateBody = z.input<typeof NoteTemplateBodySchema>;

export const NoteTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
/** Named apart from staffwork's NoteTemplate (the same fields without created_at). */
export type NoteTemplateRow = z.infer<typeof NoteTemplateSchema>;
