import { z } from 'zod';
import { FEE_MEDIA, RequestFeeCheckSchema } from './fees';
import { MSG } from './messages';
import { AmountSchema } from './money';
import { isRequestDate, StatusSchema } from './requests';

/**
 * Staff request handling (staff spec sections 2 and 4): the first send to the provider, cancelling,
 * sending the records to the law firm, reminders, and the staff-only facts of a request.
 */
export const STAFF_MSG = {
  verifyAllFiles: 'Verify All Files Before Sending Out Request',
  noMedicalDocuments:
    'There are no medical documents on this request yet. Upload the records before sending.',
  alreadySent: 'The initial request has already been sent for this request.',
  alreadyCancelled: 'This request is already cancelled.',
  reminderInPast: 'The reminder date cannot be before today.',
  archived: 'Request archived. It no longer appears on the request list or the To Do list.',
  unarchived: 'Request is active again.',
} as const;

/** The texts of the notes the staff actions add (the spec's wording). */
export const STAFF_NOTE_TEXT = {
  initialSent: 'Sent the Initial Medical Records Request',
  cancelled: 'Request is Cancelled',
  documentsSent: 'Documents Sent To Law Firm',
} as const;

/** A file holds up 'Send Request To Lawyer' while it is neither archived, nor supporting, nor verified. */
export function fileBlocksSending(file: {
  archived: boolean;
  supporting_file: boolean;
  verified_by: unknown;
}): boolean {
  return (
    !file.archived && !file.supporting_file && (file.verified_by === null || file.verified_by === undefined)
  );
}

/** Medical records that would go to the law firm: not archived, not supporting. */
export function isMedicalDocument(file: { archived: boolean; supporting_file: boolean }): boolean {
  return !file.archived && !file.supporting_file;
}

/**
 * One date formatter per zone, made once: making one costs about a tenth of a millisecond, which every
 * row of a list paid (each row's deadline status asks for the provider's today). Unknown zones are not
 * kept, so the map holds at most the IANA zones.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatIn(zone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, format);
  }
  return format;
}

/**
 * Every zone's offset from UTC, and every change of it, falls on a multiple of 15 minutes, so a local date
 * cannot change inside a quarter hour counted from the epoch: the date found for one moment holds for the
 * whole quarter. Formatting costs a few microseconds, which a 100-row list paid on every row.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const lastToday = new Map<string, { quarter: number; date: string }>();

/** YYYY-MM-DD of `now` in an IANA time zone (UTC when the zone is missing or unknown). */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  const zone = timeZone || 'UTC';
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  const known = lastToday.get(zone);
  if (known?.quarter === quarter) return known.date;
  let date: string;
  try {
    date = dateFormatIn(zone).format(now);
  } catch {
    return dateFormatIn('UTC').format(now);
  }
  lastToday.set(zone, { quarter, date });
  return date;
}

/** Business days before staff follow up on a request they wrote to (a configurable default). */
export const DEFAULT_FOLLOW_UP_BUSINESS_DAYS = 7;

/** The day after a YYYY-MM-DD date: the To Do list's cut-off (due today or before). */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** GET /api/home/request/todo/: what is due for the caller, for the staff home and the To Do list. */
export const TodoSummarySchema = z.object({
  /** Due before today in the caller's time zone. */
  overdue: z.number(),
  due_today: z.number(),
  /** Of those, how many are rush. */
  rush: z.number(),
});
export type TodoSummary = z.infer<typeof TodoSummarySchema>;

/** POST /api/home/notes/{id}/: end a reminder (null) or move it to another day. */
export const NoteReminderBodySchema = z
  .object({
    reminder_date: z
      .string()
      .nullable()
      .refine((v) => v === null || isRequestDate(v), MSG.dateFormat),
  })
  .strict();
export type NoteReminderBody = z.input<typeof NoteReminderBodySchema>;

/** What an action route answers: the request's new status and the note it added. */
export const StaffActionResultSchema = z.object({
  status: StatusSchema,
  note_id: z.number(),
});
export type StaffActionResult = z.infer<typeof StaffActionResultSchema>;

/** GET /api/home/request/{id}/first_send/: the e-mail to send to the provider and what to attach. */
export const FirstSendSchema = z.object({
  subject: z.string(),
  text: z.string(),
  /** The provider's e-mail address, when known. */
  to: z.string().nullable(),
  /** The provider was added by a law firm and staff have not confirmed its contact details yet. */
  new_provider: z.boolean(),
  /** Storage keys (downloaded through POST /getFileUrl/), or a provider's own web form (http/https). */
  attachments: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type FirstSend = z.infer<typeof FirstSendSchema>;

const PersonSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});

/** GET /api/home/request/{id}/staff_info/: the staff-only facts the Request Details Center shows. */
export const StaffRequestInfoSchema = z.object({
  id: z.number(),
  archived: z.boolean(),
  next_todo_date: z.string().nullable(),
  requisition_id: z.string().nullable(),
  provider_cost: AmountSchema,
  page_fee: AmountSchema,
  /** The page count and medium the provider charged for, and the charge checked against the legal cap. */
  provider_pages: z.number().nullable(),
  provider_medium: z.enum(FEE_MEDIA).nullable(),
  /** The clerical time (minutes) and postage the provider itemized, for a subpoena's costs. */
  provider_clerical_minutes: z.number().nullable(),
  provider_postage: AmountSchema,
  fee_check: RequestFeeCheckSchema.nullable(),
  received_document_at: z.string().nullable(),
  /** The provider was added by a law firm and staff have not confirmed its contact details yet. */
  new_provider: z.boolean(),
  working_on: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  law_firm: z.object({
    id: z.number(),
    name: z.string(),
    phone_number: z.string().nullable(),
    release_form_url: z.string().nullable(),
  }),
  main_contact: PersonSchema.nullable(),
  requester: PersonSchema.nullable(),
});
export type StaffRequestInfo = z.infer<typeof StaffRequestInfoSchema>;

/** GET /api/home/notetemplate/ (note templates, served by the request-types module). */
export interface NoteTemplate {
  id: number;
  name: string;
  description: string | null;
  text: string;
}
