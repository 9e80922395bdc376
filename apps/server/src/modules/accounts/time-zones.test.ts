import { STATUS, TIME_ZONE_MSG, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, signedIn, TEST_PASSWORD } from '../../../test/factories';
import { bearer, getContext, INTERNAL_COMPANY_ID, randomIp } from '../../../test/helpers';
import { loadAuth } from '../../auth/session';
import { users } from '../../db/schema';
import { staffCase } from '../staffwork/staffwork.fixtures';

/** The user's time zone: stored at sign-in, changed in the settings, on every call's Auth. */
async function login(email: string, timezone?: unknown) {
  const { app } = await getContext();
  const payload =
    timezone === undefined
      ? { email, password: TEST_PASSWORD }
      : { email, password: TEST_PASSWORD, timezone };
  const res = await app.inject({ method: 'POST', url: '/users/token/', payload, remoteAddress: randomIp() });
  expect(res.statusCode).toBe(200);
  return bearer(res.json().access);
}

async function storedZone(userId: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone;
}

async function currentZone(headers: Record<string, string>) {
  const { app } = await getContext();
  const res = await app.inject({ url: '/users/user/', headers });
  expect(res.statusCode).toBe(200);
  return res.json().timezone;
}

async function setZone(headers: Record<string, string>, timezone: unknown) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/users/timezone/', headers, payload: { timezone } });
}

describe('sign-in stores the browser time zone', () => {
  it('stores a real IANA zone in its canonical spelling, returned by /users/user/ and on Auth', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const headers = await login(user.email, 'america/denver');
    expect(await storedZone(user.id)).toBe('America/Denver');
    expect(await currentZone(headers)).toBe('America/Denver');
    expect((await loadAuth(deps.db, user.id, INTERNAL_COMPANY_ID))?.timezone).toBe('America/Denver');
  });

  it('ignores a missing or invalid zone: the sign-in works and the stored zone stays', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    expect(await currentZone(await login(user.email))).toBe('UTC');
    expect((await loadAuth(deps.db, user.id, INTERNAL_COMPANY_ID))?.timezone).toBe('UTC');
    await login(user.email, 'Asia/Tokyo');
    for (const invalid of ['Mars/Olympus_Mons', '+05:00', '', null, 'x'.repeat(300)]) {
      await login(user.email, invalid);
    }
    await login(user.email);
    expect(await storedZone(user.id)).toBe('Asia/Tokyo');
  });
});

describe('POST /users/timezone/', () => {
  it("changes the caller's own zone and refuses anything that is not an IANA zone", async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    const other = await signedIn(deps, { companyId: caller.user.companyId });
    const ok = await setZone(caller.headers, 'Europe/Paris');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ timezone: 'Europe/Paris' });
    expect(await currentZone(caller.headers)).toBe('Europe/Paris');
    expect(await storedZone(other.user.id)).toBeNull();

    for (const invalid of ['Mars/Olympus_Mons', '+05:00', '', 42]) {
      const bad = await setZone(caller.headers, invalid);
      expect(bad.statusCode, String(invalid)).toBe(400);
      if (typeof invalid === 'string') expect(bad.json().fields.timezone).toBe(TIME_ZONE_MSG.invalid);
    }
    expect(await storedZone(caller.user.id)).toBe('Europe/Paris');
    expect((await setZone({}, 'Europe/Paris')).statusCode).toBe(401);
  });
});

/** The latest moment at or before `now` when it is 23:30 in Denver (06:30 UTC in winter, 05:30 in summer). */
function lastDenverHalfPastEleven(now: Date): Date {
  const at = new Date(now);
  at.setUTCMinutes(30, 0, 0);
  if (at > now) at.setUTCHours(at.getUTCHours() - 1);
  const clock = (d: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Denver',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
  while (clock(at) !== '23:30') at.setUTCHours(at.getUTCHours() - 1);
  return at;
}

describe("the issue's test: a reminder for 'today' in Denver", () => {
  afterEach(() => vi.useRealTimers());

  it('a staff member who signed in from America/Denver sets a reminder for today at 23:30 local time', async () => {
    const { app } = await getContext();
    const late = lastDenverHalfPastEleven(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(late);
    const denverToday = todayIn('America/Denver');
    // Already tomorrow in UTC: a server computing 'today' in UTC refuses the reminder as in the past.
    expect(todayIn('UTC') > denverToday).toBe(true);

    const c = await staffCase({ status: STATUS.inContact });
    const headers = await login(c.staff.user.email, 'America/Denver');
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/notes/',
      headers,
      payload: { text: 'Call the provider back', request: c.request.id, reminder_date: denverToday },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reminder_date).toBe(denverToday);
  });
});
