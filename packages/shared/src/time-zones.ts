import { z } from 'zod';
import { todayIn } from './staffwork';

/**
 * The user's IANA time zone: the browser's zone is stored at sign-in and can be changed in
 * the user's settings; the server computes today, this week and this month in it (todayIn in staffwork.ts).
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MSG = {
  invalid: 'Choose a time zone from the list, for example America/Denver.',
  saved: 'Time zone saved.',
} as const;

/** Region/City names and UTC; fixed offsets such as '+05:00' are not IANA zones. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Zones already checked, by the spelling given (every signed-in call checks its user's zone). */
const canonical = new Map<string, string>();

/** The canonical spelling of an IANA zone ('america/denver' → 'America/Denver'), or null when it is not one. */
export function normalizeTimeZone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  if (!name || name.length > 64 || !ZONE_NAME.test(name)) return null;
  const known = canonical.get(name);
  if (known) return known;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    // Only real zones are kept, and their spellings differ only in case: the map stays small.
    if (canonical.size < 2_000) canonical.set(name, zone);
    return zone;
  } catch {
    return null;
  }
}

export const isTimeZone = (value: unknown): value is string => normalizeTimeZone(value) !== null;

/** A zone the user chose in their settings: refused (400) when it is not an IANA zone. */
export const TimeZoneSchema = z
  .string()
  .refine(isTimeZone, TIME_ZONE_MSG.invalid)
  .transform((v) => normalizeTimeZone(v) ?? DEFAULT_TIME_ZONE);

/** POST /users/timezone/: the signed-in user's own zone. */
export const TimeZoneBodySchema = z.object({
  timezone: TimeZoneSchema,
});
export type TimeZoneBody = z.input<typeof TimeZoneBodySchema>;

/** The zones the settings offer (the runtime's list; UTC first). */
export function timeZoneOptions(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

/** The Monday (weeks start on Monday) of the week holding `now` in the zone, as YYYY-MM-DD. */
export function startOfWeekIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  const day = new Date(`${todayIn(timeZone, now)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The first day of the month holding `now` in the zone, as YYYY-MM-DD. */
export function startOfMonthIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  return `${todayIn(timeZone, now).slice(0, 8)}01`;
}
