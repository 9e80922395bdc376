import { addBusinessDays, addCalendarDays, countDaysAfter, isBusinessDay } from './calendar';

/**
 * The follow-up cadence: when a request's provider is chased after the first send. Counted in business
 * days (weekends and federal holidays skipped) after the day the request was sent; a day the cadence
 * stood still (the request waited on the firm, or staff paused it) does not count, so every follow-up
 * after a pause moves by the business days the pause lasted (docs/deadlines.md, "Follow-ups").
 */
export interface FollowUpCadence {
  /** Business days after the first send, ascending: one follow-up each. */
  days: readonly number[];
  /** Then one every so many business days until the request ends. */
  every: number;
}

/** Business days 7, 14 and 21 after the first send, then weekly. */
export const DEFAULT_FOLLOW_UP_CADENCE: FollowUpCadence = { days: [7, 14, 21], every: 5 };

export const FOLLOW_UP_LIMITS = { maxDays: 10, maxDay: 120, maxEvery: 30 } as const;

/** Business days after the first send at which follow-up number `n` (1, 2, …) falls. */
export function followUpOffset(cadence: FollowUpCadence, n: number): number {
  const { days, every } = cadence;
  if (n <= days.length) return days[n - 1];
  return (days.at(-1) ?? 0) + every * (n - days.length);
}

/** The first `count` follow-up dates of a request sent on `sentOn`, before any pause. */
export function followUpDates(sentOn: string, cadence: FollowUpCadence, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addBusinessDays(sentOn, followUpOffset(cadence, i + 1)));
}

/** Business days from `from` (counted) up to `to` (not counted): what a pause from `from` to `to` held. */
export function businessDaysHeld(from: string, to: string): number {
  let count = 0;
  for (let day = from; day < to; day = addCalendarDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return count;
}

/**
 * Where a follow-up planned on `plannedOn` lands once a pause from `pausedFrom` (the first day not
 * counted) ended on `resumedOn` (the day counting resumed): later by the business days the pause held.
 * One already due when the pause began keeps its date: it is sent as soon as the cadence runs again.
 */
export function shiftedByPause(plannedOn: string, pausedFrom: string, resumedOn: string): string {
  if (plannedOn < pausedFrom) return plannedOn;
  return addBusinessDays(plannedOn, businessDaysHeld(pausedFrom, resumedOn));
}

/**
 * The date of follow-up `n` straight from the clock: `offset` business days after the first send, the
 * days inside a pause not counted. Null while a pause is open. The schedule's shifted dates equal this.
 */
export function followUpDueOn(
  clock: { sentOn: string; pauses?: readonly { from: string; to: string | null }[] },
  cadence: FollowUpCadence,
  n: number,
): string | null {
  const pauses = clock.pauses ?? [];
  if (pauses.some((p) => p.to === null)) return null;
  const held = (day: string) => pauses.some((p) => p.from <= day && p.to !== null && day < p.to);
  return countDaysAfter(clock.sentOn, followUpOffset(cadence, n), (day) => isBusinessDay(day) && !held(day));
}
