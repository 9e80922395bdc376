import type { ContactInput } from '@dd/shared';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { contactMessages, emailOutbox } from '../../db/schema';
import { outboxText } from '../../lib/outbox';

/**
 * SQL for the e-mail outbox. The outbox belongs to no firm: callers allow internal staff only. One-time
 * links are shown only as a note (they exist only in the delivered e-mail).
 */
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

export interface OutboxPage {
  results: z.infer<typeof OutboxItem>[];
  total: number;
}

/** One page of the outbox, newest first, and how many e-mails it holds. */
export async function outboxPage(
  db: DbOrTx,
  paging: { page: number; pageSize: number },
): Promise<OutboxPage> {
  const { page, pageSize } = paging;
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
      .limit(pageSize)
      .offset((page - 1) * pageSize),
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
  return { results, total };
}

/** An outbox row, locked for update. */
export async function outboxRowForUpdate(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
  return row;
}

/** Puts a failed e-mail back to pending with a fresh round of attempts. */
export async function retryOutboxRow(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
    .where(eq(emailOutbox.id, id));
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Queues a copy of a delivered e-mail as a new row; returns the new row's id. */
export async function insertOutboxCopy(tx: DbOrTx, row: OutboxRow): Promise<number> {
  const [copy] = await tx
    .insert(emailOutbox)
    .values({
      toEmail: row.toEmail,
      fromEmail: row.fromEmail,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.text,
      html: row.html,
      template: row.template,
    })
    .returning({ id: emailOutbox.id });
  return copy.id;
}

export async function insertContactMessage(tx: DbOrTx, body: ContactInput): Promise<void> {
  await tx.insert(contactMessages).values(body);
}
