import { z } from 'zod';
import { DEFAULT_FOLLOW_UP_CADENCE, FOLLOW_UP_LIMITS, type FollowUpCadence } from './deadlines/follow-ups';
import { fillPlaceholders } from './placeholders';

/**
 * Follow-ups to the provider after the first send (docs/deadlines.md, "Follow-ups"): the schedule's
 * statuses, the staff actions on it, the template the message is built from, the company's cadence
 * setting and the API shapes. The cadence arithmetic is in deadlines/follow-ups.ts.
 */
export const FOLLOW_UP_STATUSES = ['planned', 'sent', 'skipped', 'paused'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_STATUS_LABELS = {
  planned: 'Planned',
  sent: 'Sent',
  skipped: 'Skipped',
  paused: 'Paused',
} as const satisfies Record<FollowUpStatus, string>;

/** An e-mail to the provider's records address, or a letter staff print or fax when it has none. */
export const FOLLOW_UP_CHANNELS = ['email', 'letter'] as const;
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number];

/** Why a follow-up was not sent: staff skipped it, or the request ended or started over. */
export const FOLLOW_UP_SKIP_REASONS = [
  'staff',
  'records_received',
  'cancelled',
  'closed',
  'resubmitted',
] as const;
export type FollowUpSkipReason = (typeof FOLLOW_UP_SKIP_REASONS)[number];

export const FOLLOW_UP_SKIP_REASON_LABELS = {
  staff: 'Skipped by staff',
  records_received: 'Records received',
  cancelled: 'Request cancelled',
  closed: 'Request closed',
  resubmitted: 'Request resubmitted',
} as const satisfies Record<FollowUpSkipReason, string>;

/** Who stopped the cadence: the request waits on the law firm, or staff paused it. */
export const FOLLOW_UP_PAUSE_REASONS = ['waiting_on_firm', 'staff'] as const;
export type FollowUpPauseReason = (typeof FOLLOW_UP_PAUSE_REASONS)[number];

export const FOLLOW_UP_PAUSE_REASON_LABELS = {
  waiting_on_firm: 'Waiting on the law firm',
  staff: 'Paused by staff',
} as const satisfies Record<FollowUpPauseReason, string>;

/** The staff actions: POST /api/home/request/{id}/follow_ups/{action}/. */
export const FOLLOW_UP_ACTIONS = ['send', 'skip', 'pause', 'resume'] as const;
export type FollowUpAction = (typeof FOLLOW_UP_ACTIONS)[number];

export const FOLLOW_UP_MSG = {
  nonePlanned: 'No follow-up is planned for this request.',
  nonePaused: 'The follow-ups of this request are not paused.',
  waitingOnFirm:
    'The request is waiting on the law firm: follow-ups resume by themselves when its status moves on.',
  sent: 'Follow-up sent.',
  letterReady: 'Follow-up letter ready: the provider has no e-mail address, print or fax it.',
  skipped: 'Follow-up skipped.',
  paused: 'Follow-ups paused.',
  resumed: 'Follow-ups resumed.',
  cadenceDays: `Enter up to ${FOLLOW_UP_LIMITS.maxDays} business days, ascending, separated by commas (for example 7, 14, 21).`,
  cadenceEvery: `Enter a number of business days from 1 to ${FOLLOW_UP_LIMITS.maxEvery}.`,
} as const;

// ---- The message ------------------------------------------------------------------------------

/** The note template the follow-up's text comes from; its default text when staff have none. */
export const FOLLOW_UP_TEMPLATE_NAME = 'Follow-up';
export const DEFAULT_FOLLOW_UP_TEMPLATE = [
  'Dear {provider} Medical Records Department,',
  '',
  'We are following up on our request of {sent_on} for the records of {client} (date of birth {date_of_birth}), dates of service {dates}, on behalf of {law_firm}. We have not received the records yet.',
  '',
  'Please send the records, or let us know what you need to complete the request (an invoice for fees, a form, a signature).',
  '',
  'Our reference: Direct Docs request #{request_number} (follow-up {number}).',
].join('\n');

export const FOLLOW_UP_PLACEHOLDERS = [
  'provider',
  'client',
  'date_of_birth',
  'dates',
  'law_firm',
  'sent_on',
  'request_number',
  'number',
] as const;
export type FollowUpValues = Record<(typeof FOLLOW_UP_PLACEHOLDERS)[number], string>;

/** The template's text with each {placeholder} filled in; an unknown one is left as written. */
export function renderFollowUpText(template: string, values: FollowUpValues): string {
  return fillPlaceholders(template, values);
}

// ---- The company's cadence --------------------------------------------------------------------

/** "7, 14, 21" or [7, 14, 21]: ascending whole business days. */
export const FollowUpDaysSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(/[,\s]+/)
          .filter(Boolean)
          .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN))
      : value,
  z
    .array(z.number({ message: FOLLOW_UP_MSG.cadenceDays }), { message: FOLLOW_UP_MSG.cadenceDays })
    .min(1, FOLLOW_UP_MSG.cadenceDays)
    .max(FOLLOW_UP_LIMITS.maxDays, FOLLOW_UP_MSG.cadenceDays)
    .refine(
      (days) =>
        days.every(
          (d, i) =>
            Number.isInteger(d) && d >= 1 && d <= FOLLOW_UP_LIMITS.maxDay && (i === 0 || d > days[i - 1]),
        ),
      FOLLOW_UP_MSG.cadenceDays,
    ),
);

export const FollowUpEverySchema = z.coerce
  .number({ message: FOLLOW_UP_MSG.cadenceEvery })
  .int(FOLLOW_UP_MSG.cadenceEvery)
  .min(1, FOLLOW_UP_MSG.cadenceEvery)
  .max(FOLLOW_UP_LIMITS.maxEvery, FOLLOW_UP_MSG.cadenceEvery);

/** A company's stored cadence, or the default for a company that never set one. */
export const cadenceOf = (row: {
  followUpDays: number[] | null;
  followUpEvery: number | null;
}): FollowUpCadence =>
  row.followUpDays?.length && row.followUpEvery
    ? { days: row.followUpDays, every: row.followUpEvery }
    : DEFAULT_FOLLOW_UP_CADENCE;

/** How the cadence reads on a screen: "Business days 7, 14, 21 after the first send, then every 5". */
export const describeCadence = (cadence: FollowUpCadence) =>
  `Business days ${cadence.days.join(', ')} after the first send, then every ${cadence.every}`;

// ---- API shapes -------------------------------------------------------------------------------

export const FollowUpSchema = z.object({
  id: z.number(),
  number: z.number(),
  planned_on: z.string(),
  status: z.enum(FOLLOW_UP_STATUSES),
  channel: z.enum(FOLLOW_UP_CHANNELS).nullable(),
  sent_at: z.string().nullable(),
  note_id: z.number().nullable(),
  skip_reason: z.enum(FOLLOW_UP_SKIP_REASONS).nullable(),
  skipped_by: z.string().nullable(),
  pause_reason: z.enum(FOLLOW_UP_PAUSE_REASONS).nullable(),
  /** A sent letter's text, for internal staff to print or fax; null for e-mails and for the firm. */
  letter: z.string().nullable(),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

/** GET /api/home/request/{id}/follow_ups/: the schedule, oldest first. */
export const FollowUpScheduleSchema = z.object({
  request: z.number(),
  /** The earliest planned follow-up, if any. */
  next_follow_up: z.string().nullable(),
  /** Staff paused the cadence, or the request waits on the firm. */
  paused: z.boolean(),
  /** The provider has no e-mail address: follow-ups are letters to print or fax. */
  by_letter: z.boolean(),
  cadence: z.string(),
  follow_ups: z.array(FollowUpSchema),
});
export type FollowUpSchedule = z.infer<typeof FollowUpScheduleSchema>;

/** What a staff action answers: its message and the schedule after it. */
export const FollowUpActionResultSchema = z.object({
  success: z.string(),
  schedule: FollowUpScheduleSchema,
});
export type FollowUpActionResult = z.infer<typeof FollowUpActionResultSchema>;
