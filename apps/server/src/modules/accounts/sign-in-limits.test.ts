import { randomUUID } from 'node:crypto';
import { MSG } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { getContext, randomIp, testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { LOGIN_BUCKETS } from '../../auth/login-limits';
import { createDeps } from '../../deps';

/**
 * Sign-in limits: per (address, IP) and per IP they refuse with 429; per address across IPs they only
 * slow down, so an attacker cannot lock the owner out. State lives in the database, shared by instances.
 */
const opened: App[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

/** Another server instance on the same database, optionally with its own LOGIN_RATE_LIMIT. */
async function instance(loginLimit?: number): Promise<App> {
  const { deps } = await getContext();
  const config = loginLimit ? testEnv({ LOGIN_RATE_LIMIT: String(loginLimit) }) : deps.config;
  const app = await buildApp(createDeps(config, deps.db));
  opened.push(app);
  return app;
}

function login(app: App, email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/users/token/',
    payload: { email, password },
    remoteAddress: ip,
  });
}

const unknownAddress = () => `nobody-${randomUUID().slice(0, 8)}@example.test`;

describe('sign-in limits', () => {
  it('ten wrong passwords from one IP cannot lock the owner out; that IP gets a clear 429', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    const attacker = randomIp();
    for (let i = 0; i < deps.config.LOGIN_RATE_LIMIT; i++) {
      expect((await login(app, user.email, 'wrong-password', attacker)).statusCode).toBe(400);
    }
    expect((await login(app, user.email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);

    const refused = await login(app, user.email, TEST_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(MSG.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('limits an unknown address exactly like a known one (no enumeration by behaviour)', async () => {
    const { app, deps } = await getContext();
    const ip = randomIp();
    const email = unknownAddress();
    for (let i = 0; i < deps.config.LOGIN_RATE_LIMIT; i++) {
      expect((await login(app, email, 'wrong-password', ip)).statusCode).toBe(400);
    }
    expect((await login(app, email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it("a success clears that pair's failures", async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    const ip = randomIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < deps.config.LOGIN_RATE_LIMIT - 1; i++) await login(app, user.email, 'bad', ip);
      expect((await login(app, user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('refuses an IP after 5 x LOGIN_RATE_LIMIT failures across any addresses and instances', async () => {
    const [a, b] = [await instance(2), await instance(2)];
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? b : a, unknownAddress(), 'bad', ip)).statusCode).toBe(400);
    }
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    expect((await login(a, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('counts attempts that arrive at the same time: a burst cannot slip past the limit', async () => {
    const small = await instance(2);
    const email = unknownAddress();
    const ip = randomIp();
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(small, email, 'bad', ip)));
    const codes = burst.map((res) => res.statusCode).sort();
    expect(codes).toEqual([400, 400, 429, 429, 429, 429, 429, 429]);
  });

  it('slows an address attacked from many IPs with growing delays instead of locking it', async () => {
    const { deps } = await getContext();
    const small = await instance(2);
    const user = await createUser(deps.db);
    // 2 x LOGIN_RATE_LIMIT failures are free; the fifth one starts the delays.
    for (let i = 0; i < 5; i++) {
      expect((await login(small, user.email, 'bad', randomIp())).statusCode).toBe(400);
    }
    const slowed = await login(small, user.email, TEST_PASSWORD, randomIp());
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toBe(MSG.tooManyAttempts);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);

    await moveFailuresBack(user.email, 3);
    expect((await login(small, user.email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('never delays an address more than 60 seconds, however many failures it has', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    await deps.db.execute(sql`
      insert into rate_limit_hits (bucket, key, hit_at)
      select ${LOGIN_BUCKETS.address}, ${user.email}, now() - interval '30 seconds' from generate_series(1, 200)`);
    const slowed = await login(app, user.email, TEST_PASSWORD, randomIp());
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);

    await moveFailuresBack(user.email, 31);
    expect((await login(app, user.email, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it('holds across two server instances on the same database', async () => {
    const { app, deps } = await getContext();
    const second = await instance();
    const user = await createUser(deps.db);
    const attacker = randomIp();
    for (let i = 0; i < deps.config.LOGIN_RATE_LIMIT; i++) {
      const res = await login(i % 2 ? second : app, user.email, 'bad', attacker);
      expect(res.statusCode).toBe(400);
    }
    expect((await login(app, user.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(second, user.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('signs out on one instance and the other refuses the token at once', async () => {
    const { app, deps } = await getContext();
    const second = await instance();
    const user = await createUser(deps.db);
    const tokens = (await login(app, user.email, TEST_PASSWORD, randomIp())).json();
    const headers = { authorization: `Bearer ${tokens.access}` };
    expect((await second.inject({ url: '/users/user/', headers })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/users/token/revoke/', payload: { refresh: tokens.refresh } });
    expect((await second.inject({ url: '/users/user/', headers })).statusCode).toBe(401);
  });
});

describe('password-reset requests (/users/userCheck/)', () => {
  const check = (app: App, email: string, ip: string) =>
    app.inject({ method: 'POST', url: '/users/userCheck/', payload: { email }, remoteAddress: ip });

  it('are limited per address across instances and IPs', async () => {
    const [a, b] = [await instance(2), await instance(2)];
    const email = unknownAddress();
    expect((await check(a, email, randomIp())).statusCode).toBe(200);
    expect((await check(b, email, randomIp())).statusCode).toBe(200);
    const refused = await check(a, email, randomIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(MSG.tooManyAttempts);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('are limited per IP across instances', async () => {
    const [a, b] = [await instance(2), await instance(2)];
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await check(i % 2 ? b : a, unknownAddress(), ip)).statusCode).toBe(200);
    }
    expect((await check(b, unknownAddress(), ip)).statusCode).toBe(429);
  });
});

/** Moves an address's recorded failures back in time, as if the attacker had waited. */
async function moveFailuresBack(email: string, seconds: number) {
  const { deps } = await getContext();
  await deps.db.execute(sql`
    update rate_limit_hits set hit_at = hit_at - make_interval(secs => ${seconds})
    where bucket = ${LOGIN_BUCKETS.address} and key = ${email}`);
}
