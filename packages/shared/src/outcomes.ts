import { z } from 'zod';
import { businessDaysBetween } from './deadlines/calendar';
import { type RequestStatus, STATUS } from './statuses';

/**
 * When a provider has nothing to send (decision 058): it certifies it holds no records for the dates asked
 * ('No Records Found', a certification the firm downloads like records), or it rejects the request for a
 * reason the firm or staff can fix before a resend ('Request Rejected'). And the stale-request policy: an
 * open request the provider never answered is offered to the firm for cancellation, never cancelled by us.
 */

export const REJECTION_REASONS = [
  'authorization_defective',
  'patient_not_found',
  'wrong_provider',
  'fee_not_paid',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_REASON_LABELS = {
  authorization_defective: 'The authorization is defective',
  patient_not_found: 'The provider cannot find the patient',
  wrong_provider: 'Wrong provider',
  fee_not_paid: 'The provider’s fee was not paid',
} as const satisfies Record<RejectionReason, string>;

/** What the firm or staff does about each reason before the request is sent again. */
export const REJECTION_FIX = {
  authorization_defective: 'Upload a new signed authorization, then we send the request again.',
  patient_not_found: 'Check the client’s name, date of birth and dates of service, then we send it again.',
  wrong_provider: 'Tell us the right provider (or we move the request to it), then we send it again.',
  fee_not_paid: 'Approve or pay the provider’s fee, then we send the request again.',
} as const satisfies Record<RejectionReason, string>;

const noteText = z.string().trim().max(2000).optional();

export const NoRecordsBodySchema = z.object({ note: noteText }).strict();
export type NoRecordsBody = z.infer<typeof NoRecordsBodySchema>;

export const RejectBodySchema = z
  .object({
    reason: z.enum(REJECTION_REASONS, { message: 'Choose why the provider rejected the request.' }),
    note: noteText,
  })
  .strict();
export type RejectBody = z.infer<typeof RejectBodySchema>;

export const ResendBodySchema = z.object({ note: noteText }).strict();
export type ResendBody = z.infer<typeof ResendBodySchema>;

/** The signed certification, uploaded to the records bucket (POST /api/photoUpload/) and delivered. */
export const CertificationUploadSchema = z
  .object({
    url: z.string().min(1).max(1024),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .strict();
export type CertificationUpload = z.infer<typeof CertificationUploadSchema>;

export const OUTCOME_MSG = {
  noRecords: 'Marked No Records Found. The law firm has been told.',
  rejected: 'Marked Request Rejected. The law firm has been told why.',
  resent: 'The request is back to be sent to the provider.',
  certificationDelivered: 'The signed certification was delivered to the law firm.',
  alreadyFinished: 'This request is already finished.',
  notRejected: 'Only a rejected request can be sent again.',
  notNoRecords: 'Mark the request No Records Found before delivering its certification.',
  rejectNeedsReason:
    'A request is rejected with its reason: use the Request Rejected action (POST /api/requests/{id}/reject/).',
  staleCancelled: 'The request is cancelled.',
  staleKept: 'We keep waiting for the provider.',
  notStale: 'This request is not waiting on the provider past your firm’s limit.',
  firmDecidesStale: 'The law firm decides whether to cancel a request the provider has not answered.',
  certificationName: 'Certification of No Records.pdf',
} as const;

export const outcomeNote = {
  noRecords: (extra?: string) =>
    `The provider certifies it holds no records for the dates asked: No Records Found.${extra ? ` ${extra}` : ''}`,
  rejected: (reason: RejectionReason, extra?: string) =>
    `The provider rejected the request: ${REJECTION_REASON_LABELS[reason]}.${extra ? ` ${extra}` : ''}`,
  resent: (reason: RejectionReason | null, extra?: string) =>
    `Corrected and sent again${reason ? ` after the rejection (${REJECTION_REASON_LABELS[reason]})` : ''}.${extra ? ` ${extra}` : ''}`,
  certification: (name: string) => `Signed certification of no records delivered to the law firm: ${name}.`,
  staleCancelled: (by: string, days: number) =>
    `Cancelled by ${by}: no response from the provider after ${days} business days.`,
  staleKept: (by: string, days: number) =>
    `${by} keeps waiting for the provider after ${days} business days without a response.`,
};

/** What staff added to a rejection note after the reason (outcomeNote.rejected), or null. */
export function rejectionDetail(text: string, reason: RejectionReason): string | null {
  const head = outcomeNote.rejected(reason);
  return text.startsWith(head) ? text.slice(head.length).trim() || null : null;
}

/** The statement the provider's custodian signs. */
export const certificationStatement = (provider: string) =>
  `I, the undersigned custodian of records of ${provider}, certify that after a diligent search of the records in its custody or control, ${provider} holds no medical, billing or other records of the patient named above for the dates of service listed.`;

export const DEFAULT_STALE_AFTER_BUSINESS_DAYS = 90;
export const StaleAfterSchema = z.coerce
  .number({ message: 'Enter a number of business days between 10 and 365.' })
  .int('Enter a number of business days between 10 and 365.')
  .min(10, 'Enter a number of business days between 10 and 365.')
  .max(365, 'Enter a number of business days between 10 and 365.');

/**
 * Statuses in which a sent request waits on the provider: nothing from it yet (a staff call 'In Contact
 * With Provider' is us chasing, not the provider answering).
 */
export const AWAITING_PROVIDER_STATUSES: readonly RequestStatus[] = [
  STATUS.initialRequestSent,
  STATUS.inContact,
];

export interface StaleFacts {
  status: RequestStatus;
  /** The last first send since the last (re)submission, in the firm's calendar. */
  sentOn: string | null;
  /** The day the firm chose to keep waiting, if it did. */
  keptWaitingOn: string | null;
  /** Whether any records file arrived for it. */
  hasRecords: boolean;
}

/**
 * Business days the request has waited on the provider since it was sent (or since the firm last chose
 * to keep waiting), or null when it is not waiting on the provider at all.
 */
export function waitingBusinessDays(facts: StaleFacts, today: string): number | null {
  if (!AWAITING_PROVIDER_STATUSES.includes(facts.status) || facts.hasRecords || !facts.sentOn) return null;
  const from = facts.keptWaitingOn && facts.keptWaitingOn > facts.sentOn ? facts.keptWaitingOn : facts.sentOn;
  return businessDaysBetween(from, today);
}

export const isStale = (facts: StaleFacts, today: string, staleAfter: number) =>
  (waitingBusinessDays(facts, today) ?? -1) >= staleAfter;

export const StaleOfferSchema = z.object({
  stale: z.boolean(),
  waiting_business_days: z.number().nullable(),
  stale_after_business_days: z.number(),
  sent_on: z.string().nullable(),
});

export const RequestOutcomeSchema = z.object({
  status: z.string(),
  rejection: z
    .object({
      reason: z.enum(REJECTION_REASONS),
      label: z.string(),
      fix: z.string(),
      note: z.string().nullable(),
      rejected_at: z.string(),
    })
    .nullable(),
  certification: z
    .object({ file_id: z.number(), name: z.string(), url: z.string(), delivered_at: z.string() })
    .nullable(),
  stale: StaleOfferSchema,
});
export type RequestOutcome = z.infer<typeof RequestOutcomeSchema>;

export const StaleRequestSchema = z.object({
  id: z.number(),
  internal_number: z.string(),
  client: z.string(),
  provider: z.string(),
  status: z.string(),
  sent_on: z.string(),
  waiting_business_days: z.number(),
});
export const StaleRequestListSchema = z.object({
  stale_after_business_days: z.number(),
  results: z.array(StaleRequestSchema),
});
export type StaleRequestList = z.infer<typeof StaleRequestListSchema>;

export const OutcomeResultSchema = z.object({ success: z.string(), status: z.string(), note_id: z.number() });
export type OutcomeResult = z.infer<typeof OutcomeResultSchema>;
