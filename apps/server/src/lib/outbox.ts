import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { DataCipher } from './crypto';
import { escapeHtml } from './email-layout';

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
/** What the outbox screen and API show in place of a one-time link. */
export const ONE_TIME_LINK_NOTE = '[one-time link, only in the delivered e-mail]';

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

export function createMail(options: {
  from: string;
  supportEmail: string;
  publicUrl: string;
  cipher: DataCipher;
}): Mail {
  const { cipher, ...settings } = options;
  return {
    ...settings,
    async enqueue(db, message) {
      if (message.secretLink !== undefined) assertRedacted(message, message.secretLink);
      await db.insert(emailOutbox).values({
        toEmail: message.to,
        fromEmail: message.from ?? settings.from,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        template: message.template,
        secretLink: message.secretLink === undefined ? null : cipher.encrypt(message.secretLink),
      });
    },
  };
}

/** A caller that put the link itself in the body (or forgot the placeholder) is a bug that would leak it. */
function assertRedacted(message: OutgoingEmail, link: string): void {
  const parts = [message.subject, message.text, message.html ?? ''];
  if (!link || parts.some((part) => part.includes(link))) {
    throw new Error(`E-mail '${message.template}' carries its one-time link in clear`);
  }
  if (!message.text.includes(SECRET_LINK_PLACEHOLDER)) {
    throw new Error(`E-mail '${message.template}' has a one-time link but no place for it`);
  }
}

/** The text as staff may read it in the outbox: a one-time link only as a note, never usable. */
export function outboxText(text: string): string {
  return text.split(SECRET_LINK_PLACEHOLDER).join(ONE_TIME_LINK_NOTE);
}

/** The body to deliver: the decrypted link in place of the placeholder (escaped in the HTML). */
export function deliverableBody(
  row: Pick<OutboxRow, 'text' | 'html' | 'secretLink'>,
  cipher: DataCipher,
): { text: string; html: string | undefined } {
  if (!row.secretLink) return { text: row.text, html: row.html ?? undefined };
  const link = cipher.decrypt(row.secretLink);
  const put = (body: string, value: string) => body.split(SECRET_LINK_PLACEHOLDER).join(value);
  return { text: put(row.text, link), html: row.html ? put(row.html, escapeHtml(link)) : undefined };
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Leases up to `limit` due messages for `leaseSeconds`, safe across server instances. */
export async function leaseDueEmails(db: DbOrTx, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update ${emailOutbox} set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${emailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.query.emailOutbox.findMany({ where: (t, { inArray }) => inArray(t.id, ids) });
}
