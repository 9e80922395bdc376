import { MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, signedIn, TEST_PASSWORD } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { emailOutbox, users } from '../../db/schema';

async function login(email: string, password: string, ip = '10.0.0.1') {
  const { app } = await getContext();
  return app.inject({
    method: 'POST',
    url: '/users/token/',
    payload: { email, password },
    remoteAddress: ip,
  });
}

function latestEmailTo(to: string) {
  return getContext().then(({ deps }) =>
    deps.db.query.emailOutbox.findFirst({
      where: eq(emailOutbox.toEmail, to),
      orderBy: (t, { desc }) => desc(t.id),
    }),
  );
}

describe('sign-in', () => {
  it('accepts the e-mail in any case and returns access and refresh tokens', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('answers 400 "Wrong Email or Password." for a bad password, an unknown address or an inactive user', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const inactive = await createUser(deps.db, { isActive: false });
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      ['nobody@example.test', TEST_PASSWORD],
      [inactive.email, TEST_PASSWORD],
    ]) {
      const res = await login(email, password, '10.0.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG.wrongCredentials);
    }
  });

  it('blocks an address after repeated failures with a clear 429', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    for (let i = 0; i < deps.config.LOGIN_RATE_LIMIT; i++) await login(user.email, 'bad', `10.1.0.${i}`);
    const res = await login(user.email, TEST_PASSWORD, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(MSG.tooManyAttempts);
  });

  it('returns the current user with company and flags, without secrets', async () => {
    const { app, deps } = await getContext();
    const company = await createCompany(deps.db, { name: 'Acme Legal' });
    const caller = await signedIn(deps, { companyId: company.id, isStaff: true });
    const res = await app.inject({ url: '/users/user/', headers: caller.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: caller.user.id,
      company_name: 'Acme Legal',
      is_staff: true,
      is_internal: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
  });

  it('marks internal-company users as internal', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const res = await app.inject({ url: '/users/user/', headers: caller.headers });
    expect(res.json().is_internal).toBe(true);
  });
});

describe('refresh tokens', () => {
  it('rotate on use, and a reused token revokes the whole family', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const first = await app.inject({
      method: 'POST',
      url: '/users/token/refresh/',
      payload: { refresh: caller.refresh },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().refresh as string;
    expect(rotated).not.toBe(caller.refresh);

    const reused = await app.inject({
      method: 'POST',
      url: '/users/token/refresh/',
      payload: { refresh: caller.refresh },
    });
    expect(reused.statusCode).toBe(401);
    const afterTheft = await app.inject({
      method: 'POST',
      url: '/users/token/refresh/',
      payload: { refresh: rotated },
    });
    expect(afterTheft.statusCode).toBe(401);
  });
});

describe('sign-up', () => {
  it('creates the user in a new firm and signs them in', async () => {
    const { app } = await getContext();
    const email = `new-${Date.now()}@example.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/users/signup/',
      payload: { first_name: 'Ada', last_name: 'Quill', email, password: 'LongEnough1!', type: 'User' },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({
      url: '/users/user/',
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    expect(me.json()).toMatchObject({ email, full_name: 'Ada Quill', is_staff: true, is_internal: false });
  });

  it('refuses an address that is taken, in any case, with a readable message', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    const res = await app.inject({
      method: 'POST',
      url: '/users/signup/',
      payload: { first_name: 'A', last_name: 'B', email: user.email.toUpperCase(), password: 'LongEnough1!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.emailTaken);
  });

  it('names the bad field on invalid input', async () => {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/users/signup/',
      payload: { first_name: 'A', last_name: 'B', email: 'not-an-email', password: 'LongEnough1!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('email');
  });
});

describe('password reset', () => {
  it('says when no user has the address, and sends nothing', async () => {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      payload: { email: 'ghost@example.test' },
    });
    expect(res.json()).toEqual({ sent: false, message: MSG.noUserWithEmail });
    expect(await latestEmailTo('ghost@example.test')).toBeUndefined();
  });

  it('e-mails a single-use link that sets the new password, and never returns user records', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db);
    const res = await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      payload: { email: user.email },
    });
    expect(res.json()).toEqual({ sent: true, message: MSG.resetEmailSent });

    const email = await latestEmailTo(user.email);
    const link = /(http:\/\/app\.test\/passwordReset\/(\d+)\/\?token=[^\s"]+)/.exec(email!.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(new URL(link![1]).searchParams.get('token')!);
    expect(Number(link![2])).toBe(user.id);

    const url = `/users/resetPassword/${user.id}/`;
    const noToken = await app.inject({
      method: 'POST',
      url,
      payload: { password: 'BrandNew123!', token: 'wrong' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toBe(MSG.resetLinkInvalid);

    const ok = await app.inject({ method: 'POST', url, payload: { password: 'BrandNew123!', token } });
    expect(ok.statusCode).toBe(200);
    expect((await login(user.email, 'BrandNew123!', '10.2.0.1')).statusCode).toBe(200);

    const again = await app.inject({ method: 'POST', url, payload: { password: 'Another123!', token } });
    expect(again.statusCode).toBe(400);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toBeNull();
  });

  it('does not accept one user token for another user', async () => {
    const { app, deps } = await getContext();
    const victim = await createUser(deps.db);
    const attacker = await createUser(deps.db);
    await app.inject({ method: 'POST', url: '/users/userCheck/', payload: { email: attacker.email } });
    const email = await latestEmailTo(attacker.email);
    const token = decodeURIComponent(/token=([^\s"]+)/.exec(email!.text)![1]);
    const res = await app.inject({
      method: 'POST',
      url: `/users/resetPassword/${victim.id}/`,
      payload: { password: 'Hijacked123!', token },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('utility calls', () => {
  it('hands out a CSRF token and tells a signed-in caller their IP', async () => {
    const { app, deps } = await getContext();
    const csrf = await app.inject({ url: '/api/csrfmiddlewaretoken/' });
    expect(csrf.json().csrfmiddlewaretoken).toMatch(/^[\w-]{20,}$/);
    const caller = await signedIn(deps);
    const ip = await app.inject({ url: '/api/ip/', headers: caller.headers, remoteAddress: '10.9.8.7' });
    expect(ip.json()).toEqual({ ip: '10.9.8.7' });
  });

  it('reports health and readiness', async () => {
    const { app } = await getContext();
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
