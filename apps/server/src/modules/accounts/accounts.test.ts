import { INVALID_EMAIL_MESSAGE, MSG, requiredFieldMessage } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, signedIn, TEST_PASSWORD } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, randomIp } from '../../../test/helpers';
import { linkParts, oneTimeLinkTo } from '../../../test/mail';
import { emailOutbox, users } from '../../db/schema';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/constraint-errors';

async function login(email: string, password: string, ip = randomIp()) {
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
      const res = await login(email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG.wrongCredentials);
    }
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
      abilities: { choose_main_contact: true, is_internal_staff: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
  });

  it('marks internal-company users as internal', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const res = await app.inject({ url: '/users/user/', headers: caller.headers });
    expect(res.json().is_internal).toBe(true);
    expect(res.json().abilities).toEqual({
      choose_main_contact: true,
      is_internal_staff: true,
      view_fees: false,
      view_company_counts: false,
      manage_roles: false,
    });
    const paralegal = await signedIn(deps);
    const own = await app.inject({ url: '/users/user/', headers: paralegal.headers });
    expect(own.json().abilities).toEqual({
      choose_main_contact: false,
      is_internal_staff: false,
      view_fees: false,
      view_company_counts: false,
      manage_roles: false,
    });
  });
});

describe('an address finds its user in any firm, whatever wrote the user', () => {
  const tokenOf = async (email: string) => {
    const res = await login(email, TEST_PASSWORD);
    return res.statusCode === 200 ? (res.json().access as string) : res.statusCode;
  };
  const firmOf = (access: string) =>
    JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).cid as number;

  it('follows a change of address, of case or of firm made in SQL, and frees the address of a deleted user', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const renamed = `Renamed-${user.id}@Example.test`;
    await deps.db.execute(sql`update users set email = ${renamed} where id = ${user.id}`);
    expect(await tokenOf(user.email)).toBe(400);
    expect(typeof (await tokenOf(renamed.toLowerCase()))).toBe('string');

    const elsewhere = await createCompany(deps.db);
    await deps.db.execute(sql`update users set company_id = ${elsewhere.id} where id = ${user.id}`);
    expect(firmOf((await tokenOf(renamed)) as string)).toBe(elsewhere.id);

    await deps.db.execute(sql`delete from users where id = ${user.id}`);
    expect(await tokenOf(renamed)).toBe(400);
    const again = await createUser(deps.db, { email: renamed.toUpperCase() });
    expect(firmOf((await tokenOf(renamed)) as string)).toBe(again.companyId);
  });

  it('refuses one address for two users, in one firm or two, in any case', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const sameFirm = await createUser(deps.db, { companyId: user.companyId });
    // One at a time: each refusal is awaited before the next write starts.
    const attempts = [
      () => createUser(deps.db, { email: user.email.toUpperCase() }),
      () => createUser(deps.db, { email: user.email, companyId: user.companyId }),
      () => deps.db.execute(sql`update users set email = ${user.email} where id = ${sameFirm.id}`),
    ];
    for (const attempt of attempts) {
      expect(pgErrorCode(await attempt().catch((e) => e))).toBe(UNIQUE_VIOLATION);
    }
    expect(typeof (await tokenOf(user.email))).toBe('string');
    expect(typeof (await tokenOf(sameFirm.email))).toBe('string');
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

describe('password reset', () => {
  it('says when no user has the address, and sends nothing', async () => {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      remoteAddress: randomIp(),
      payload: { email: 'ghost@example.test' },
    });
    expect(res.json()).toEqual({ sent: false, message: MSG.noUserWithEmail });
    expect(await latestEmailTo('ghost@example.test')).toBeUndefined();
  });

  it("refuses a missing or overlong address with the form's own messages", async () => {
    const { app } = await getContext();
    const ask = (payload: object) =>
      app.inject({ method: 'POST', url: '/users/userCheck/', remoteAddress: randomIp(), payload });
    const missing = await ask({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ email: requiredFieldMessage('Email') });
    const long = await ask({ email: `${'a'.repeat(250)}@example.com` });
    expect(long.json().fields).toEqual({ email: INVALID_EMAIL_MESSAGE });
  });

  it('e-mails a single-use link that sets the new password (and proves the address), and never returns user records', async () => {
    const { app, deps } = await getContext();
    const user = await createUser(deps.db, { emailConfirmed: false });
    const res = await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    expect(res.json()).toEqual({ sent: true, message: MSG.resetEmailSent });

    const { userId, token } = linkParts(await oneTimeLinkTo(user.email, 'password-reset'));
    expect(userId).toBe(user.id);

    const url = `/users/resetPassword/${user.id}/`;
    const noToken = await app.inject({
      method: 'POST',
      url,
      payload: { password: 'BrandNew123!', token: 'wrong' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toBe(MSG.resetLinkInvalid);
    // A blank password reads as the reset form shows it under the field, from the same schema.
    const blank = await app.inject({ method: 'POST', url, payload: { password: ' ', token } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ password: requiredFieldMessage('Password') });

    const ok = await app.inject({ method: 'POST', url, payload: { password: 'BrandNew123!', token } });
    expect(ok.statusCode).toBe(200);
    expect((await login(user.email, 'BrandNew123!')).statusCode).toBe(200);

    const again = await app.inject({ method: 'POST', url, payload: { password: 'Another123!', token } });
    expect(again.statusCode).toBe(400);
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toBeNull();
    expect(row.emailConfirmedAt).not.toBeNull();
  });

  it('does not accept one user token for another user', async () => {
    const { app, deps } = await getContext();
    const victim = await createUser(deps.db);
    const attacker = await createUser(deps.db);
    await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      payload: { email: attacker.email },
      remoteAddress: randomIp(),
    });
    const { token } = linkParts(await oneTimeLinkTo(attacker.email, 'password-reset'));
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
