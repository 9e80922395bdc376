import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, signedIn, TEST_PASSWORD } from '../../../test/factories';
import { bearer, getContext, randomIp } from '../../../test/helpers';
import { createOneTimeToken } from '../../auth/tokens';
import { refreshTokens, sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

/** Sessions end on the server: logout, reset, deactivation, inactivity and the absolute lifetime. */
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

async function me(access: string) {
  const { app } = await getContext();
  return app.inject({ url: '/users/user/', headers: bearer(access) });
}

async function refresh(token: string) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/users/token/refresh/', payload: { refresh: token } });
}

async function expectEnded(caller: { access: string; refresh: string }) {
  const res = await me(caller.access);
  expect(res.statusCode).toBe(401);
  expect(res.json().error).toBe(SESSION_ENDED);
  expect((await refresh(caller.refresh)).statusCode).toBe(401);
}

/** Moves the user's sessions back in time, as if the clock had run on. */
async function ageSessions(userId: number, column: 'last_seen_at' | 'created_at', minutes: number) {
  const { deps } = await getContext();
  await deps.db.execute(
    sql`update sessions set ${sql.raw(column)} = ${sql.raw(column)} - make_interval(mins => ${minutes}) where user_id = ${userId}`,
  );
}

describe('sessions end on the server', () => {
  it('logout with the refresh token refuses the access token at once, and the refresh token', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    expect((await me(caller.access)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/users/token/revoke/',
      payload: { refresh: caller.refresh },
    });
    expect(out.statusCode).toBe(200);
    await expectEnded(caller);
  });

  it('a bearer-only logout (no refresh token) ends the session too', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const out = await app.inject({ method: 'POST', url: '/users/token/revoke/', headers: caller.headers });
    expect(out.statusCode).toBe(200);
    await expectEnded(caller);
  });

  it('logout ends only that session: another sign-in of the same user keeps working', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const other = await app.inject({
      method: 'POST',
      url: '/users/token/',
      payload: { email: caller.user.email, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    await app.inject({ method: 'POST', url: '/users/token/revoke/', payload: { refresh: caller.refresh } });
    expect((await me(caller.access)).statusCode).toBe(401);
    expect((await me(other.json().access)).statusCode).toBe(200);
  });

  it('a password reset ends every session of the user', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const token = await createOneTimeToken(deps.db, caller.user, 'reset', 1);
    const reset = await app.inject({
      method: 'POST',
      url: `/users/resetPassword/${caller.user.id}/`,
      payload: { password: 'BrandNew123!', token },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(caller);
  });

  it('deactivation ends every session, and reactivating the user does not revive them', async () => {
    const { app, deps } = await getContext();
    const company = await createCompany(deps.db);
    const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
    const member = await signedIn(deps, { companyId: company.id });
    for (const is_active of [false, true]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/user/user/${member.user.id}/`,
        headers: staff.headers,
        payload: { is_active },
      });
      expect(res.statusCode).toBe(200);
    }
    await expectEnded(member);
  });

  it(`refuses a session not seen for SESSION_TIMEOUT_MINUTES (server-side inactivity timeout)`, async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    await ageSessions(caller.user.id, 'last_seen_at', deps.config.SESSION_TIMEOUT_MINUTES + 1);
    await expectEnded(caller);
  });

  it('keeps a session that was active within the timeout, and records that it was seen', async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    await ageSessions(caller.user.id, 'last_seen_at', deps.config.SESSION_TIMEOUT_MINUTES - 1);
    expect((await me(caller.access)).statusCode).toBe(200);
    const [row] = await deps.db.select().from(sessions).where(eq(sessions.userId, caller.user.id));
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses a session older than SESSION_MAX_HOURS even while it is in use', async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    await ageSessions(caller.user.id, 'created_at', deps.config.SESSION_MAX_HOURS * 60 + 1);
    await expectEnded(caller);
  });

  it("never issues a refresh token that outlives the session's absolute end", async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    const rotated = await refresh(caller.refresh);
    expect(rotated.statusCode).toBe(200);
    const [session] = await deps.db.select().from(sessions).where(eq(sessions.userId, caller.user.id));
    const tokens = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, caller.user.id));
    expect(tokens).toHaveLength(2);
    const end = session.createdAt.getTime() + deps.config.SESSION_MAX_HOURS * 3_600_000;
    for (const token of tokens) {
      expect(token.familyId).toBe(session.id);
      expect(token.expiresAt.getTime()).toBeLessThanOrEqual(end);
    }
  });

  it('a reused refresh token ends the session: the access token from the rotation stops working', async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    const rotated = (await refresh(caller.refresh)).json() as { access: string; refresh: string };
    expect((await me(rotated.access)).statusCode).toBe(200);
    expect((await refresh(caller.refresh)).statusCode).toBe(401);
    await expectEnded(rotated);
  });

  it('refuses a genuine access token that names no session', async () => {
    const { deps } = await getContext();
    const caller = await signedIn(deps);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: caller.user.id, iat, exp: iat + 600 })}`;
    const mac = createHmac('sha256', deps.tokens.jwtSecret).update(body).digest('base64url');
    expect((await me(`${body}.${mac}`)).statusCode).toBe(401);
  });
});

describe('refresh and single-use tokens carry their firm', () => {
  it('finds a token by its firm and secret, refuses it under another firm, and still takes one issued without', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const other = await createCompany(deps.db);
    const [firm, secret] = caller.refresh.split('.');
    expect(Number(firm)).toBe(caller.user.companyId);
    expect((await refresh(`${other.id}.${secret}`)).statusCode).toBe(401);
    expect((await refresh(`99999999999.${secret}`)).statusCode).toBe(401);
    const rotated = await refresh(caller.refresh);
    expect(rotated.statusCode).toBe(200);

    // A token from before tokens carried their firm: its hash alone finds it.
    const [row] = await deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, caller.user.id))
      .limit(1);
    const legacy = 'issued-before-firms-were-in-tokens';
    await deps.db.insert(refreshTokens).values({
      userId: caller.user.id,
      companyId: caller.user.companyId,
      familyId: row.familyId,
      tokenHash: sha256(legacy),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await refresh(legacy)).statusCode).toBe(200);

    const reset = await createOneTimeToken(deps.db, caller.user, 'reset', 1);
    const resetWith = (token: string) =>
      app.inject({
        method: 'POST',
        url: `/users/resetPassword/${caller.user.id}/`,
        payload: { password: 'BrandNew123!', token },
      });
    expect((await resetWith(`${other.id}.${reset.split('.')[1]}`)).statusCode).toBe(400);
    expect((await resetWith(reset)).statusCode).toBe(200);
  });
});
