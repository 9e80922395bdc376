import { MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createUser } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, randomIp } from '../../../test/helpers';
import { decodeQuotedPrintable, latestEmailTo, linkParts } from '../../../test/mail';
import { captureSmtp, type SmtpCapture } from '../../../test/smtp-capture';
import { contactMessages, emailOutbox, users } from '../../db/schema';
import { ONE_TIME_LINK_NOTE, SECRET_LINK_PLACEHOLDER } from '../../lib/outbox';
import { createOutboxWorker, MAX_ATTEMPTS } from '../../lib/outbox-worker';

/** The contact form and staff e-mail, delivered through the outbox to a real SMTP listener. */
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await captureSmtp();
});
afterAll(() => smtp.close());

/**
 * On PostgreSQL every test file shares one database, so other files' e-mails are pending too:
 * deliver everything that is due before a test looks at its own message.
 */
async function drain(w: Awaited<ReturnType<typeof worker>>) {
  while ((await w.runOnce()) > 0) {}
}

async function worker() {
  const { deps } = await getContext();
  return createOutboxWorker({
    db: deps.db,
    smtpUrl: smtp.url,
    pollMs: 50,
    cipher: deps.cipher,
  });
}

describe('POST /api/email/', () => {
  it('stores a contact message and delivers it to the support address with the visitor as reply-to', async () => {
    const { app, deps } = await getContext();
    const email = `visitor-${Date.now()}@example.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload: {
        template: 'contact',
        name: 'Pat Doe',
        number: '303-555-0100',
        email,
        industry: 'Law',
        message: 'Call me',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: MSG.messageSent });
    const [stored] = await deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored.name).toBe('Pat Doe');

    const w = await worker();
    await drain(w);
    await w.stop();
    const delivered = smtp.received.find((m) => m.raw.includes(email));
    expect(delivered?.to).toEqual([deps.config.SUPPORT_EMAIL]);
    expect(delivered?.raw).toMatch(new RegExp(`Reply-To: ${email}`, 'i'));
    expect(delivered?.raw).toContain('Call me');
    // One Message-ID per outbox row, so a repeat after a crash is recognisable as the same message.
    const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, email));
    expect(delivered?.raw).toMatch(new RegExp(`Message-ID: <outbox-${row.id}-\\d+@`, 'i'));
  });

  it('requires the e-mail with the exact message', async () => {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload: { template: 'contact', email: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(MSG.contactEmailRequired);
  });

  it('is not an open relay: free text needs internal staff', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const payload = {
      to_email: 'someone@example.test',
      subject: 'Hi',
      text: 'Free text',
      from_email: 'x@y.z',
    };
    expect((await app.inject({ method: 'POST', url: '/api/email/', payload })).statusCode).toBe(403);
    for (const caller of [who.firmUser, who.firmStaff, who.internalUser]) {
      const res = await app.inject({ method: 'POST', url: '/api/email/', payload, headers: caller.headers });
      expect(res.statusCode).toBe(403);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload,
      headers: who.internalStaff.headers,
    });
    expect(ok.json()).toEqual({ success: MSG.emailSent });
  });
});

describe('outbox worker', () => {
  it('retries a failed delivery later with backoff, then delivers it', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const to = `retry-${Date.now()}@example.test`;
    const w = await worker();
    await drain(w);
    await app.inject({
      method: 'POST',
      url: '/api/email/',
      payload: { to_email: to, subject: 'Retry me', text: 'body' },
      headers: who.internalStaff.headers,
    });
    smtp.refusing = true;
    await w.runOnce();
    smtp.refusing = false;
    let [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, to));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/mailbox unavailable/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await deps.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, row.id));
    await drain(w);
    await w.stop();
    [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, to));
    expect(row.status).toBe('sent');
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(true);
  });

  it('lists the outbox to internal staff only', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    expect((await app.inject({ url: '/api/email/outbox/', headers: who.firmStaff.headers })).statusCode).toBe(
      403,
    );
    const res = await app.inject({
      url: '/api/email/outbox/?page=1&page_size=5',
      headers: who.internalStaff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('count');
    expect(res.json().results.length).toBeLessThanOrEqual(5);
  });
});

describe('one-time links never sit readable in the outbox', () => {
  async function askForReset(email: string, headers?: Record<string, string>) {
    const { app } = await getContext();
    const res = await app.inject({
      method: 'POST',
      url: '/users/userCheck/',
      payload: { email },
      headers,
      remoteAddress: randomIp(),
    });
    expect(res.json()).toEqual({ sent: true, message: MSG.resetEmailSent });
  }

  const rowById = async (id: number) => {
    const { deps } = await getContext();
    const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row;
  };

  it("internal staff who ask for the admin's reset find no token or usable link in the outbox API", async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const admin = who.internalAdmin.user;
    await askForReset(admin.email, who.internalStaff.headers);

    const res = await app.inject({
      url: '/api/email/outbox/?page=1&page_size=500',
      headers: who.internalStaff.headers,
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().results.filter((r: { to_email: string }) => r.to_email === admin.email);
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toMatch(/token=|passwordReset|secret/i);
    expect(mine[0].text).toContain(ONE_TIME_LINK_NOTE);

    const stored = await latestEmailTo(admin.email);
    expect([stored.subject, stored.text, stored.html].join(' ')).not.toMatch(/token=|passwordReset/);
    expect(stored.secretLink).toBeTruthy();
    expect(stored.secretLink).not.toMatch(/token=|passwordReset/);
  });

  it('the worker delivers the real reset link, then the row keeps no secret and no token', async () => {
    const { app, deps } = await getContext();
    const w = await worker();
    await drain(w);
    const admin = await createUser(deps.db, {
      companyId: INTERNAL_COMPANY_ID,
      isStaff: true,
      isAdminUser: true,
    });
    await askForReset(admin.email);
    const queued = await latestEmailTo(admin.email, 'password-reset');
    await drain(w);
    await w.stop();

    const delivered = smtp.received.find((m) => m.to.includes(admin.email));
    const raw = decodeQuotedPrintable(delivered?.raw ?? '');
    const link = /http:\/\/app\.test\/passwordReset\/\d+\/\?token=[\w.%-]+/.exec(raw)?.[0];
    expect(link).toBeDefined();
    expect(raw).not.toContain(SECRET_LINK_PLACEHOLDER);
    expect(raw).not.toContain(ONE_TIME_LINK_NOTE);
    const { userId, token } = linkParts(link!);
    expect(userId).toBe(admin.id);
    const reset = await app.inject({
      method: 'POST',
      url: `/users/resetPassword/${userId}/`,
      payload: { password: 'Delivered-Link-1', token },
    });
    expect(reset.statusCode).toBe(200);

    const after = await rowById(queued.id);
    expect(after).toMatchObject({ status: 'sent', secretLink: null });
    expect(`${after.text}${after.html}`).not.toContain(token);
    expect(`${after.text}${after.html}`).not.toMatch(/token=/);
  });

  it('an invitation is delivered with its link (escaped in HTML) and leaves no token behind', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    const w = await worker();
    await drain(w);
    const email = `invitee-${Date.now()}@example.test`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/user/',
      payload: { email, first_name: 'Ivy', company_id: who.firmStaff.user.companyId },
      headers: who.firmStaff.headers,
      remoteAddress: randomIp(),
    });
    expect(created.statusCode).toBe(200);
    const queued = await latestEmailTo(email, 'user-invite');
    expect(`${queued.text}${queued.html}`).not.toMatch(/token=|passwordReset/);
    await drain(w);
    await w.stop();

    const raw = decodeQuotedPrintable(smtp.received.find((m) => m.to.includes(email))?.raw ?? '');
    const link = /http:\/\/app\.test\/passwordReset\/\d+\/\?invite=1&token=[\w.%-]+/.exec(raw)?.[0];
    expect(link).toBeDefined();
    const { userId, token } = linkParts(link!);
    expect(raw).toContain(`href="http://app.test/passwordReset/${userId}/?invite=1&amp;token=${token}"`);
    const accept = await app.inject({
      method: 'POST',
      url: `/users/resetPassword/${userId}/`,
      payload: { password: 'Invited-Person-1', token },
    });
    expect(accept.statusCode).toBe(200);
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    expect(user.emailConfirmedAt).not.toBeNull();

    const after = await rowById(queued.id);
    expect(after).toMatchObject({ status: 'sent', secretLink: null });
    expect(`${after.text}${after.html}`).not.toContain(token);
  });

  it('a message that finally fails keeps no secret either', async () => {
    const { deps } = await getContext();
    const w = await worker();
    await drain(w);
    const user = await createUser(deps.db);
    await askForReset(user.email);
    const queued = await latestEmailTo(user.email, 'password-reset');
    await deps.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, queued.id));
    smtp.refusing = true;
    try {
      await drain(w);
    } finally {
      smtp.refusing = false;
      await w.stop();
    }
    expect(await rowById(queued.id)).toMatchObject({ status: 'failed', secretLink: null });
  });
});
