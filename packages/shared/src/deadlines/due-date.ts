import {
  businessDaysBetween,
  calendarDaysBetween,
  countDaysAfter,
  isBusinessDay,
  onOrNextBusinessDay,
} from './calendar';
import { ALL_DEADLINE_RULES, type DeadlineRule, type LegalBasis, type ProviderKind } from './rules';
import { stateCode } from './states';

export interface DeadlineRequest {
  basis: LegalBasis;
  /** The provider's state as its address gives it ('TX', 'Texas'). */
  state: string | null | undefined;
  providerKind?: ProviderKind | null;
  /** The day the request went to the provider (YYYY-MM-DD): the clock starts the day after. */
  sentOn: string;
  /**
   * Spans when the request waited on the firm (a missing authorization, a fee to approve, a question):
   * from `from` (the first day not counted) to `to` (the day counting resumes; null while still waiting).
   */
  pauses?: readonly { from: string; to: string | null }[];
  /** The day the provider's written extension notice was recorded, for a rule that allows one. */
  extensionNoticeOn?: string | null;
}

export interface Deadline {
  rule: DeadlineRule;
  /** YYYY-MM-DD, or null while a pause is still open (the clock has stopped). */
  due: string | null;
}

export function rulesFor(request: Pick<DeadlineRequest, 'basis' | 'state' | 'providerKind' | 'sentOn'>) {
  const state = stateCode(request.state);
  return ALL_DEADLINE_RULES.filter(
    (rule) =>
      rule.bases.includes(request.basis) &&
      (!rule.states || (state !== null && rule.states.includes(state))) &&
      (!rule.providerKinds ||
        (request.providerKind != null && rule.providerKinds.includes(request.providerKind))) &&
      rule.inForceFrom <= request.sentOn &&
      (!rule.inForceUntil || request.sentOn <= rule.inForceUntil),
  );
}

const paused = (day: string, pauses: DeadlineRequest['pauses']) =>
  (pauses ?? []).some((p) => p.from <= day && (p.to === null || day < p.to));

/**
 * When one rule makes the request due. A period that ends on a weekend or federal holiday runs to the next
 * business day, as courts count periods (Fed. R. Civ. P. 6(a)(1)(C)).
 */
export function dueUnder(rule: DeadlineRule, request: DeadlineRequest): string | null {
  if (request.pauses?.some((p) => p.to === null)) return null;
  const counts = (day: string) =>
    !paused(day, request.pauses) && (rule.unit === 'calendar' || isBusinessDay(day));
  let due = onOrNextBusinessDay(countDaysAfter(request.sentOn, rule.days, counts));
  const notice = request.extensionNoticeOn;
  if (rule.extension && notice && notice >= request.sentOn && notice <= due) {
    due = onOrNextBusinessDay(countDaysAfter(due, rule.extension.days, counts));
  }
  return due;
}

/**
 * The strictest rule that applies (the earliest due date, pauses aside; the rule listed first on a tie, so
 * a named statute before the default) and the due date it gives with the request's pauses and extension.
 */
export function deadlineFor(request: DeadlineRequest): Deadline {
  const unpaused = { ...request, pauses: [], extensionNoticeOn: null };
  const [first, ...others] = rulesFor(request);
  let rule = first;
  let earliest = dueUnder(first, unpaused) as string;
  for (const other of others) {
    const due = dueUnder(other, unpaused) as string;
    if (due < earliest) [rule, earliest] = [other, due];
  }
  return { rule, due: dueUnder(rule, request) };
}

export const DEADLINE_STATUSES = ['on_track', 'due_soon', 'overdue', 'very_overdue'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

export const DEADLINE_STATUS_LABELS: Record<DeadlineStatus, string> = {
  on_track: 'On track',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  very_overdue: 'Overdue 30+ days',
};

/** Business days before the due date from which a request is due soon. */
export const DUE_SOON_BUSINESS_DAYS = 5;
/** Calendar days after the due date from which an overdue request is very overdue. */
export const VERY_OVERDUE_DAYS = 30;

/** Where a due date stands on `today` (both YYYY-MM-DD, today in the provider's time zone). */
export function deadlineStatus(due: string, today: string): DeadlineStatus {
  if (today > due) return calendarDaysBetween(due, today) >= VERY_OVERDUE_DAYS ? 'very_overdue' : 'overdue';
  return businessDaysBetween(today, due) <= DUE_SOON_BUSINESS_DAYS ? 'due_soon' : 'on_track';
}
