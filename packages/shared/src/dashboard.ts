import { z } from 'zod';
import { DEADLINE_STATUSES, LEGAL_BASES } from './deadlines';
import { PaymentSettingsSchema } from './payments';

/**
 * The law-firm dashboard's contract (law-firm spec sections 2, 7 and 9): sort keys, and the shapes of
 * the request rows, client rows and ready files that GET /api/requests-company/, /api/download-request/
 * and /api/download-records/ return.
 */

/** Sortable request columns, in the spec's words; a leading '-' sorts descending. */
export const DASHBOARD_ORDER_KEYS = [
  'created_at',
  'end_date',
  'start_date',
  'user__full_name',
  'patient__full_name',
  'provider__name',
  'request_type',
  'status',
  'days_old',
  'days_to_receive',
  'received_document',
  'days_to_download',
  'internal_number',
] as const;
export type DashboardOrderKey = (typeof DASHBOARD_ORDER_KEYS)[number];
export const DASHBOARD_DEFAULT_ORDER = '-created_at';

/**
 * The Download Records panel lists at most this many ready files, newest first; older ones stay
 * reachable under each client ('Download All Files'). Keeps the panel's count cheap for large firms.
 */
export const DOWNLOAD_RECORDS_LIMIT = 1000;

const Person = z.object({ id: z.number(), full_name: z.string() });

export const DashboardRequestSchema = z.object({
  id: z.number(),
  internal_number: z.string(),
  created_at: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.string(),
  request_type: z.string(),
  rush: z.boolean(),
  patient: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    company_id: z.number(),
  }),
  provider: z.object({ id: z.number(), name: z.string() }),
  /** Main contact (paralegal). */
  user: Person.nullable(),
  requester: Person.nullable(),
  /** Whole days since the request was created. */
  days_old: z.number(),
  /** Whole days from creation until the documents were sent to the firm; null until then. */
  days_to_receive: z.number().nullable(),
  received_document: z.boolean(),
  /** Whole days from receipt until the firm's first download; null until then. */
  days_to_download: z.number().nullable(),
  legal_basis: z.enum(LEGAL_BASES),
  /** The provider's legal due date (YYYY-MM-DD), from the first send; null before it or while paused. */
  due_date: z.string().nullable(),
  /** The rule that set it: its name and citation. */
  deadline_rule: z.string().nullable(),
  /** Where it stands in the provider's time zone; null for a finished request or one without a date. */
  deadline_status: z.enum(DEADLINE_STATUSES).nullable(),
  /** Record categories asked for, and how many of them are received or certified none (completeness.ts). */
  records_asked: z.number(),
  records_accounted: z.number(),
});
export type DashboardRequest = z.infer<typeof DashboardRequestSchema>;

export const DashboardClientSchema = z.object({
  patient: z.object({
    id: z.number(),
    full_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  open_requests: z.number(),
  total_requests: z.number(),
  /** Verified records files the firm can download. */
  files_ready: z.number(),
});
export type DashboardClient = z.infer<typeof DashboardClientSchema>;

export const ReadyFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  created_at: z.string(),
  /** Downloaded by a user of the firm (internal staff downloads do not count). */
  downloaded: z.boolean(),
  request: z.object({ id: z.number(), internal_number: z.string() }),
  patient: z.object({ id: z.number(), full_name: z.string() }),
  provider: z.object({ id: z.number(), name: z.string() }),
});
export type ReadyFile = z.infer<typeof ReadyFileSchema>;

/** The company (and user, in the view-as page) a dashboard shows. */
export const DashboardInfoSchema = z.object({
  company: z.object({ id: z.number(), name: z.string() }),
  user: Person.nullable(),
});
export type DashboardInfo = z.infer<typeof DashboardInfoSchema>;

export const SiteSettingsSchema = z.object({
  help_video_url: z.string().nullable(),
  request_video_url: z.string().nullable(),
  pdf_form_video_url: z.string().nullable(),
  /** An address search (GEOCODER_URL) is set up; without one, addresses are typed in. */
  geocoder: z.boolean(),
  payments: PaymentSettingsSchema,
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
