import { describe, expect, it } from 'vitest';
import { LoginSchema } from './schemas/auth';
import {
  normalizeTimeZone,
  startOfMonthIn,
  startOfWeekIn,
  TimeZoneSchema,
  timeZoneOptions,
} from './time-zones';

describe('time zones', () => {
  it('takes IANA zones in their canonical spelling and nothing else', () => {
    expect(normalizeTimeZone('America/Denver')).toBe('America/Denver');
    expect(normalizeTimeZone(' america/denver ')).toBe('America/Denver');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '+05:00', '', 'x'.repeat(100), null, 42]) {
      expect(normalizeTimeZone(bad)).toBeNull();
    }
    expect(TimeZoneSchema.safeParse('Europe/Paris').data).toBe('Europe/Paris');
    expect(TimeZoneSchema.safeParse('Nowhere').success).toBe(false);
    expect(timeZoneOptions()[0]).toBe('UTC');
    expect(timeZoneOptions()).toContain('America/Denver');
  });

  it('ignores a bad zone at sign-in instead of refusing it', () => {
    const login = { email: 'A@B.test', password: 'secret' };
    expect(LoginSchema.parse({ ...login, timezone: 'Asia/Tokyo' }).timezone).toBe('Asia/Tokyo');
    expect(LoginSchema.parse({ ...login, timezone: 'Nowhere' }).timezone).toBeUndefined();
    expect(LoginSchema.parse(login).timezone).toBeUndefined();
  });

  it("gives this week's Monday and this month's first day in the zone", () => {
    // Sunday 2026-03-01 23:30 in Denver is already Monday 2026-03-02 in UTC.
    const at = new Date('2026-03-02T06:30:00Z');
    expect(startOfWeekIn('America/Denver', at)).toBe('2026-02-23');
    expect(startOfWeekIn('UTC', at)).toBe('2026-03-02');
    // Saturday 2026-02-28 23:30 in Denver is already March in UTC.
    const monthEnd = new Date('2026-03-01T06:30:00Z');
    expect(startOfMonthIn('America/Denver', monthEnd)).toBe('2026-02-01');
    expect(startOfMonthIn('UTC', monthEnd)).toBe('2026-03-01');
  });
});
