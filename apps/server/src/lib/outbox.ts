import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';

/**
 * The transactional outbox: an e-mail is a row written with the change that causes it, so a rolled-back
 * change sends nothing. The worker (outbox-worker.ts) delivers rows later.
 */
/**
 * Where a one-time link goes in `text` and `html` (e.g. `renderEmail({action: {label, url: SECRET_LINK_PLACEHOLDER}})`).
 * The link itself is passed as `secretLink`: it is stored encrypted, put in place of the placeholder only
 * when the message is delivered, and erased after delivery, so no screen, API or log can read it.
 */
export const SECRET_LINK_PLACEHOLDER = '{{one-time-link}}';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  template: string;
  from?: string;
  /** A one-time link (reset, invitation, e-mail confirmation); see SECRET_LINK_PLACEHOLDER. */
  secretLink?: string;
}

export interface Mail {
  from: string;
  supportEmail: string;
  publicUrl: string;
  enqueue(db: DbOrTx, message: OutgoingEmail): Promise<void>;
}

export function createMail(options: { from: string; supportEmail: string; publicUrl: string }): Mail {
  return {
    ...options,
    async enqueue(db, message) {
      await db.insert(emailOutbox).values({
        toEmail: message.to,
        fromEmail: message.from ?? options.from,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        template: message.template,
      });
    },
  };
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Leases up to `limit` due messages for `leaseSeconds`, safe across server instances. */
export async function leaseDueEmails(db: DbOrTx, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const result = await db.execute<{ id: number }>(sql`
    update ${emailOutbox} set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${emailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as {
    id: number;
  }[];
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.query.emailOutbox.findMany({ where: (t, { inArray }) => inArray(t.id, ids) });
}
