import { allForYear } from '@18f/us-federal-holidays';

/**
 * Calendar arithmetic on YYYY-MM-DD dates for legal deadlines and follow-ups. A business day is Monday to
 * Friday and not a US federal holiday as OPM observes it (a Saturday holiday on the Friday before, a Sunday
 * one on the Monday after). Dates carry no time: "today" is taken in the provider's time zone by the caller.
 */

const observedHolidays = new Map<number, ReadonlySet<string>>();

/** Holidays observed in a calendar year, including a New Year's Day of the next year observed on 31 December. */
function holidaysObservedIn(year: number): ReadonlySet<string> {
  let days = observedHolidays.get(year);
  if (!days) {
    const candidates = [...allForYear(year), ...allForYear(year + 1)].map((h) => h.dateString);
    days = new Set(candidates.filter((d) => d.startsWith(`${year}-`)));
    observedHolidays.set(year, days);
  }
  return days;
}

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const asText = (day: Date) => day.toISOString().slice(0, 10);

export function isFederalHoliday(date: string): boolean {
  return holidaysObservedIn(Number(date.slice(0, 4))).has(date);
}

export function isBusinessDay(date: string): boolean {
  const weekday = asDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(date);
}

export function addCalendarDays(date: string, days: number): string {
  const day = asDate(date);
  day.setUTCDate(day.getUTCDate() + days);
  return asText(day);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((asDate(to).getTime() - asDate(from).getTime()) / 86_400_000);
}

const dayNumber = (date: string) => asDate(date).getTime() / 86_400_000;
/** 1970-01-01, day 0, was a Thursday: Sunday is 0 as getUTCDay gives it. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * Business days after `from` up to and including `to` (0 when `to` is not later). Counted in closed form
 * (five a week, the odd days one by one, less the holidays observed on a weekday in between): lists show a
 * deadline status on every row, and a day-by-day walk cost tens of microseconds per row.
 */
export function businessDaysBetween(from: string, to: string): number {
  const first = dayNumber(from);
  const days = dayNumber(to) - first;
  if (days <= 0) return 0;
  const weeks = Math.floor(days / 7);
  let count = weeks * 5;
  for (let day = first + weeks * 7 + 1; day <= first + days; day++) {
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of holidaysObservedIn(year)) {
      const weekday = weekdayOf(dayNumber(holiday));
      if (holiday > from && holiday <= to && weekday !== 0 && weekday !== 6) count -= 1;
    }
  }
  return count;
}

/** The first business day on or after a date: where a deadline falling on a weekend or holiday lands. */
export function onOrNextBusinessDay(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/**
 * The date `count` counted days after `start`, where a day counts when `counts(day)` holds: calendar days,
 * business days, either of them minus the days a pause held the clock.
 */
export function countDaysAfter(start: string, count: number, counts: (day: string) => boolean): string {
  let day = start;
  let left = count;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    if (counts(day)) left -= 1;
  }
  return day;
}

/** The YYYY-MM-DD date `days` business days after `date`: weekends and federal holidays are skipped. */
export const addBusinessDays = (date: string, days: number): string =>
  countDaysAfter(date, days, isBusinessDay);
