import {
  type ContactInput,
  type EmailSendSchema,
  MSG,
  RECIPIENTS_INVALID_MESSAGE,
  recipientList,
} from '@dd/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-types';
import { consume } from '../../auth/rate-limit';
import { type Auth, isInternalStaff } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../lib/email-layout';
import { badRequest, forbidden } from '../../lib/errors';
import { insertContactMessage, type OutboxPage, outboxPage } from './email.queries';

/**
 * Messages the product sends on request: the public contact form (a fixed template to the support
 * address) and free text from internal staff, so the endpoint is never an open relay; and the outbox,
 * readable by internal staff only.
 */
type StaffEmail = z.output<typeof EmailSendSchema>;

/** Stores a contact-form message and queues it to support, limited per IP so it cannot flood the inbox. */
export async function sendContactMessage(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  body: ContactInput,
  ipKey: string,
): Promise<void> {
  const { db, mail } = deps;
  const rule = { bucket: 'contact', limit: deps.config.CONTACT_RATE_LIMIT, windowSeconds: 3600 };
  await consume(db, rule, ipKey, MSG.tooManyRequests);
  await db.transaction(async (tx) => {
    await insertContactMessage(tx, body);
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
}

/** Internal staff's free text, one queued e-mail per recipient, all or none. */
export async function sendStaffEmail(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  auth: Auth,
  body: StaffEmail,
): Promise<void> {
  if (!isInternalStaff(auth)) throw forbidden();
  const recipients = recipientList(body.to_email);
  const parsed = z.array(z.email()).safeParse(recipients);
  if (!parsed.success || !recipients.length) throw badRequest(RECIPIENTS_INVALID_MESSAGE);
  const { db, mail } = deps;
  await db.transaction(async (tx) => {
    for (const to of recipients) {
      await mail.enqueue(tx, { to, subject: body.subject, text: body.text, template: 'staff-message' });
    }
  });
}

/** GET /api/email/outbox/: every queued and sent e-mail, newest first, for internal staff. */
export async function listOutbox(
  db: DbOrTx,
  auth: Auth,
  paging: { page: number; pageSize: number },
): Promise<OutboxPage> {
  if (!isInternalStaff(auth)) throw forbidden();
  return outboxPage(db, paging);
}
