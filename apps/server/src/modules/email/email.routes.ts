import { ContactSchema, EmailSendSchema, MSG } from '@dd/shared';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { consume } from '../../auth/rate-limit';
import { isInternalStaff } from '../../authz';
import { contactMessages, emailOutbox } from '../../db/schema';
import { clientIpKey } from '../../lib/client-ip';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, forbidden } from '../../lib/errors';
import { outboxText } from '../../lib/outbox';
import { PageQuery, pageOf } from '../../lib/pagination';

/**
 * POST /api/email/: the public contact form (a fixed template to the support address), or free text
 * from internal staff only, so the endpoint is never an open relay. GET /api/email/outbox/ lists the outbox
 * to internal staff, with one-time links shown only as a note (they exist only in the delivered e-mail).
 */
const ContactBody = ContactSchema.extend({ template: z.literal('contact') });
const EmailBody = z.union([ContactBody, EmailSendSchema.extend({ template: z.undefined().optional() })]);

export const emailRoutes: Module = (app, { db, mail, config }) => {
  app.post('/api/email/', { config: { access: 'public' }, schema: { body: EmailBody } }, async (request) => {
    const body = request.body;
    if (body.template === 'contact') {
      // Public and unauthenticated: limited per IP address so it cannot flood the support inbox.
      const rule = { bucket: 'contact', limit: config.CONTACT_RATE_LIMIT, windowSeconds: 3600 };
      await consume(db, rule, clientIpKey(request), MSG.tooManyRequests);
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(body);
        const content = renderEmail({
          title: 'New contact form message',
          paragraphs: [
            `Name: ${body.name || '(not given)'}`,
            `Phone: ${body.number || '(not given)'}`,
            `Email: ${body.email}`,
            `Industry: ${body.industry || '(not given)'}`,
            `Message:\n${body.message || '(empty)'}`,
          ],
        });
        await mail.enqueue(tx, {
          to: mail.supportEmail,
          replyTo: body.email,
          subject: `Website contact: ${body.name || body.email}`,
          template: 'contact',
          ...content,
        });
      });
      return { success: MSG.messageSent };
    }
    const auth = request.auth;
    if (!auth || !isInternalStaff(auth)) throw forbidden();
    const recipients = body.to_email
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const parsed = z.array(z.email()).safeParse(recipients);
    if (!parsed.success || !recipients.length) throw badRequest('Enter valid recipient e-mail addresses.');
    await db.transaction(async (tx) => {
      for (const to of recipients) {
        await mail.enqueue(tx, { to, subject: body.subject, text: body.text, template: 'staff-message' });
      }
    });
    return { success: MSG.emailSent };
  });

  const OutboxItem = z.object({
    id: z.number(),
    to_email: z.string(),
    subject: z.string(),
    text: z.string(),
    template: z.string(),
    status: z.string(),
    attempts: z.number(),
    last_error: z.string().nullable(),
    created_at: z.date(),
    sent_at: z.date().nullable(),
  });

  app.get(
    '/api/email/outbox/',
    { config: { access: 'internalStaff' }, schema: { querystring: PageQuery } },
    async (request) => {
      const { page, page_size } = request.query;
      // Never select secret_link: a one-time link is not readable here, even encrypted.
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: emailOutbox.id,
            toEmail: emailOutbox.toEmail,
            subject: emailOutbox.subject,
            text: emailOutbox.text,
            template: emailOutbox.template,
            status: emailOutbox.status,
            attempts: emailOutbox.attempts,
            lastError: emailOutbox.lastError,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ total: count() }).from(emailOutbox),
      ]);
      const results = rows.map((r) =>
        OutboxItem.parse({
          id: r.id,
          to_email: r.toEmail,
          subject: r.subject,
          text: outboxText(r.text),
          template: r.template,
          status: r.status,
          attempts: r.attempts,
          last_error: r.lastError,
          created_at: r.createdAt,
          sent_at: r.sentAt,
        }),
      );
      return pageOf(request, results, total, page, page_size);
    },
  );
};
