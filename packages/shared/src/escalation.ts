import { z } from 'zod';
import { DEADLINE_STATUSES, type DeadlineStatus } from './deadlines';

/**
 * Escalation before overdue: how many open requests are due soon, overdue, or 30 days overdue, per staff
 * member (who holds them) and per law firm. The To Do list and the data dashboard show the same counts,
 * each a link to the staff list filtered the same way, so a count and its list always agree.
 */
export const ESCALATION_STATUSES = DEADLINE_STATUSES.filter(
  (s): s is Exclude<DeadlineStatus, 'on_track'> => s !== 'on_track',
);
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];

const Counts = z.object({ due_soon: z.number(), overdue: z.number(), very_overdue: z.number() });
export type EscalationCounts = z.infer<typeof Counts>;

/** GET /api/home/dashboard/deadlines/ */
export const DeadlineEscalationSchema = z.object({
  total: Counts,
  /** Staff members holding such requests (`user` null: nobody has claimed them), most overdue first. */
  by_staff: z.array(Counts.extend({ user: z.object({ id: z.number(), full_name: z.string() }).nullable() })),
  /** Law firms with such requests, most overdue first; null without the view_company_counts permission. */
  by_firm: z.array(Counts.extend({ company: z.object({ id: z.number(), name: z.string() }) })).nullable(),
});
export type DeadlineEscalation = z.infer<typeof DeadlineEscalationSchema>;

/** The staff list (All Requests) showing the requests one count counts. */
export function escalationListLink(
  status: EscalationStatus,
  who: { staff: number | null } | { firm: number } | Record<string, never>,
): string {
  const params = new URLSearchParams({ view: 'all' });
  if ('staff' in who) params.set('claimed', who.staff === null ? 'none' : String(who.staff));
  if ('firm' in who) params.set('firm', String(who.firm));
  params.set('deadline', status);
  return `/requestlist/?${params}`;
}

/** A firm user's weekly e-mail of the firm's overdue and due-soon requests (their own choice). */
export const DeadlineDigestBodySchema = z.object({ weekly_deadline_digest: z.boolean() }).strict();
export type DeadlineDigestBody = z.infer<typeof DeadlineDigestBodySchema>;

export const DEADLINE_DIGEST_MSG = {
  on: 'You will get the weekly deadline e-mail every Monday morning.',
  off: 'You will not get the weekly deadline e-mail.',
  firmsOnly: 'The weekly deadline e-mail is for law firm users.',
} as const;

/** The most requests one digest lists; the rest are counted and one link away on the dashboard. */
export const DEADLINE_DIGEST_MAX_ROWS = 50;
/** The digest goes out on the first run of the job on or after Monday at this hour, the user's time. */
export const DEADLINE_DIGEST_HOUR = 7;
