import { MSG, requiredFieldMessage } from '@dd/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient, createProvider, createUser, signedIn, uploadKey } from '../../../test/factories';
import { bearer, getContext, randomIp } from '../../../test/helpers';
import { oneTimeLinkTo } from '../../../test/mail';
import { createOneTimeToken } from '../../auth/tokens';
import { emailOutbox, users } from '../../db/schema';

/**
 * Sign-up: a new firm is signed in at once but proves its e-mail address with a
 * single-use link before it may order or invite anyone; sign-ups are limited per IP address.
 */
const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@newfirm.test`;

async function signUp(payload: Record<string, unknown>, ip = randomIp()) {
  const { app } = await getContext();
  return app.inject({
    method: 'POST',
    url: '/users/signup/',
    payload: { password: 'LongEnough1!', type: 'User', ...payload },
    remoteAddress: ip,
  });
}

/** A signed-up person: their user row and bearer headers. */
async function freshSignUp(first = 'Ada', last = 'Quill') {
  const { deps } = await getContext();
  const email = uniqueEmail(first.toLowerCase());
  const res = await signUp({ first_name: first, last_name: last, email });
  expect(res.statusCode).toBe(200);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return { user, email, headers: bearer(res.json().access) };
}

async function post(url: string, headers?: Record<string, string>, payload: object = {}) {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url, headers, payload, remoteAddress: randomIp() });
}

async function confirmationEmails(to: string) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), eq(emailOutbox.template, 'confirm-email')))
    .orderBy(desc(emailOutbox.id));
}

/** A valid order from the signed-up firm: its own client, HIPAA form and intake upload. */
async function orderBody(user: { id: number; companyId: number }) {
  const { deps } = await getContext();
  const patient = await createPatient(deps.db, user.companyId, {
    hipaaConsentUrl: uploadKey(user.id, 'hipaa-forms', 'consent.pdf'),
  });
  const provider = await createProvider(deps.db);
  return {
    user: user.id,
    patient: patient.id,
    provider: [provider.id],
    start_date: '2021-01-01',
    end_date: '2023-12-31',
    rush: false,
    request_type: ['Medical Records'],
    hipaa_consent_url: patient.hipaaConsentUrl,
    intake_form_url: uploadKey(user.id, 'supporting-documents', 'intake.pdf'),
  };
}

const inviteBody = (companyId: number, email = uniqueEmail('invitee')) => ({
  company_id: companyId,
  rows: [{ first_name: 'Ivy', last_name: 'Invitee', email, admin_access: '', active: '' }],
});

describe('POST /users/signup/', () => {
  it('opens a firm, signs the person in, and e-mails a confirmation link that the outbox cannot show', async () => {
    const { app } = await getContext();
    const { user, email, headers } = await freshSignUp('Ada', 'Quill');
    const me = await app.inject({ url: '/users/user/', headers });
    expect(me.json()).toMatchObject({
      email,
      full_name: 'Ada Quill',
      company_name: 'Ada Quill',
      is_staff: true,
      is_internal: false,
      email_confirmed: false,
    });
    expect(user.emailConfirmedAt).toBeNull();

    const [mail] = await confirmationEmails(email);
    expect(mail.subject).toBe('Confirm your e-mail address for Direct Docs');
    expect(mail.text).toContain('Hello Ada,');
    // The link is a one-time secret: the readable copy of the message never carries it.
    expect(mail.text).not.toMatch(/token=/);
    expect(mail.html).not.toMatch(/token=/);
  });

  it('refuses an address that is taken, in any case, with a readable message', async () => {
    const { deps } = await getContext();
    const user = await createUser(deps.db);
    const res = await signUp({ first_name: 'A', last_name: 'B', email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.emailTaken);

    // The same new address twice at the same moment: one account, and a readable answer for the other.
    const email = uniqueEmail('twice');
    const both = await Promise.all([1, 2].map(() => signUp({ first_name: 'Tw', last_name: 'Ice', email })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)?.json().error).toBe(MSG.emailTaken);
  });

  it('names the bad field on invalid input', async () => {
    const res = await signUp({ first_name: 'A', last_name: 'B', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('email');
  });

  it("names a missing or blank field as the sign-up form does (the spec's required-field message)", async () => {
    const res = await signUp({ first_name: ' ', password: '', email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      first_name: requiredFieldMessage('First Name'),
      last_name: requiredFieldMessage('Last Name'),
      email: requiredFieldMessage('Email'),
      password: requiredFieldMessage('Password'),
    });
  });

  it('refuses a web address or markup in a name (the firm is named after the person), and creates nothing', async () => {
    const { deps } = await getContext();
    for (const [first_name, last_name] of [
      ['URGENT: verify at https://evil.example', 'Reyes'],
      ['Morgan', 'see evil.example now'],
      ['Morgan', 'www.evil'],
      ['<b>Morgan</b>', 'Reyes'],
      ['Mor\u202egan', 'Reyes'],
    ]) {
      const email = uniqueEmail('phish');
      const res = await signUp({ first_name, last_name, email });
      expect(res.statusCode, `${first_name} ${last_name}`).toBe(400);
      expect(res.json().error).toMatch(/name/i);
      expect(await deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it('allows five sign-ups per IP address an hour; the sixth answers 429 with a clear message', async () => {
    const { deps } = await getContext();
    const ip = randomIp();
    const limit = deps.config.SIGNUP_RATE_LIMIT;
    expect(limit).toBe(5);
    for (let i = 0; i < limit; i++) {
      const res = await signUp({ first_name: 'Sam', last_name: `Signup`, email: uniqueEmail('many') }, ip);
      expect(res.statusCode).toBe(200);
    }
    const email = uniqueEmail('sixth');
    const sixth = await signUp({ first_name: 'Sam', last_name: 'Signup', email }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(MSG.tooManyRequests);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // Another address is not affected.
    expect((await signUp({ first_name: 'Sam', last_name: 'Signup', email })).statusCode).toBe(200);
  });

  it('holds the limit when one address sends many sign-ups at the same moment', async () => {
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        signUp({ first_name: 'Rae', last_name: 'Race', email: uniqueEmail('race') }, ip),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('e-mail confirmation before ordering and inviting', () => {
  it('a fresh sign-up cannot order, invite or create users (403) until it opens its link; then it can', async () => {
    const { app } = await getContext();
    const { user, headers } = await freshSignUp('Olive', 'Order');
    const body = await orderBody(user);

    const order = await post('/api/home/request/', headers, body);
    expect(order.statusCode).toBe(403);
    expect(order.json().error).toBe(MSG.confirmEmailFirst);
    const invite = await post('/api/user/invite/', headers, inviteBody(user.companyId));
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error).toBe(MSG.confirmEmailFirst);
    const create = await post('/api/user/user/', headers, {
      company_id: user.companyId,
      first_name: 'Ivy',
      last_name: 'Invitee',
      email: uniqueEmail('created'),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toBe(MSG.confirmEmailFirst);

    // The link of the confirmation e-mail, as the delivered message carries it.
    const link = new URL(await oneTimeLinkTo(user.email, 'confirm-email'));
    expect(`${link.origin}${link.pathname}`).toBe(`http://app.test/confirmEmail/${user.id}/`);
    const token = link.searchParams.get('token');
    const confirmed = await post('/users/confirmEmail/', undefined, { user_id: user.id, token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().success).toBeTruthy();
    expect((await app.inject({ url: '/users/user/', headers })).json().email_confirmed).toBe(true);

    expect((await post('/api/home/request/', headers, body)).statusCode).toBe(201);
    expect((await post('/api/user/invite/', headers, inviteBody(user.companyId))).statusCode).toBe(200);
  });

  it('refuses a used, expired, foreign or password-reset token, and the address stays unconfirmed', async () => {
    const { deps } = await getContext();
    const { user, headers } = await freshSignUp('Tess', 'Token');
    const other = await freshSignUp('Otto', 'Other');
    const foreign = await createOneTimeToken(deps.db, other.user, 'confirm', 1);
    const reset = await createOneTimeToken(deps.db, user, 'reset', 1);
    const expired = await createOneTimeToken(deps.db, user, 'confirm', -1);
    for (const token of [foreign, reset, expired, 'made-up-token']) {
      const res = await post('/users/confirmEmail/', undefined, { user_id: user.id, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/confirmation link/i);
    }
    expect((await post('/api/user/invite/', headers, inviteBody(user.companyId))).statusCode).toBe(403);

    // A token used once does not work a second time (for this user or anyone).
    const token = await createOneTimeToken(deps.db, other.user, 'confirm', 1);
    expect(
      (await post('/users/confirmEmail/', undefined, { user_id: other.user.id, token })).statusCode,
    ).toBe(200);
    expect(
      (await post('/users/confirmEmail/', undefined, { user_id: other.user.id, token })).statusCode,
    ).toBe(400);
  });

  it('a confirmation token does not reset the password', async () => {
    const { deps } = await getContext();
    const { user } = await freshSignUp('Pia', 'Password');
    const token = await createOneTimeToken(deps.db, user, 'confirm', 1);
    const res = await post(`/users/resetPassword/${user.id}/`, undefined, {
      password: 'Hijacked123!',
      token,
    });
    expect(res.statusCode).toBe(400);
  });

  it('sends a new link on request, a few times an hour, and only to an unconfirmed user', async () => {
    const { deps } = await getContext();
    const { email, headers } = await freshSignUp('Remy', 'Resend');
    expect(await confirmationEmails(email)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const res = await post('/users/confirmEmail/resend/', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toMatch(/sent/i);
    }
    expect(await confirmationEmails(email)).toHaveLength(4);
    const limited = await post('/users/confirmEmail/resend/', headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(MSG.tooManyRequests);
    expect(await confirmationEmails(email)).toHaveLength(4);
    // The newest link works; then there is nothing left to resend.
    const link = new URL(await oneTimeLinkTo(email, 'confirm-email'));
    const user_id = Number(/\/confirmEmail\/(\d+)\//.exec(link.pathname)?.[1]);
    const token = link.searchParams.get('token');
    expect((await post('/users/confirmEmail/', undefined, { user_id, token })).statusCode).toBe(200);
    expect((await post('/users/confirmEmail/resend/', headers)).statusCode).toBe(400);

    const confirmed = await signedIn(deps);
    const already = await post('/users/confirmEmail/resend/', confirmed.headers);
    expect(already.statusCode).toBe(400);
    expect(await confirmationEmails(confirmed.user.email)).toHaveLength(0);
    expect((await post('/users/confirmEmail/resend/')).statusCode).toBe(401);
  });
});
