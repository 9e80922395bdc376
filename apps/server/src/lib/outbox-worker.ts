import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { DataCipher } from './crypto';
import { deliverableBody, leaseDueEmails } from './outbox';
import { createPoller } from './poller';

/**
 * Delivers outbox rows over SMTP with retries and exponential backoff. A one-time link is decrypted
 * only here, put in the message being sent, and erased once the message is sent or finally fails, so
 * the row never keeps a usable link.
 */
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;

const messageIdDomain = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'directdocs.local';

export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

export interface OutboxWorker {
  /** Sends what is due now; resolves with the number of messages handled. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createOutboxWorker(options: {
  db: DbOrTx;
  smtpUrl: string;
  pollMs: number;
  cipher: DataCipher;
  log?: { error(obj: unknown, msg?: string): void };
}): OutboxWorker {
  const transport = nodemailer.createTransport(options.smtpUrl);

  async function deliver(): Promise<number> {
    const due = await leaseDueEmails(options.db, 20, LEASE_SECONDS);
    for (const message of due) {
      try {
        await transport.sendMail({
          from: message.fromEmail,
          to: message.toEmail,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          // Stable per outbox row: a message sent again after a crash (before it was marked sent) carries
          // the same Message-ID, so mail systems can recognise the repeat.
          messageId: `<outbox-${message.id}-${message.createdAt.getTime()}@${messageIdDomain(message.fromEmail)}>`,
          ...deliverableBody(message, options.cipher),
        });
        await options.db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            attempts: message.attempts + 1,
            lastError: null,
            secretLink: null,
          })
          .where(eq(emailOutbox.id, message.id));
      } catch (error) {
        const attempts = message.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        await options.db
          .update(emailOutbox)
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            // A link that was never delivered must not outlive the message either.
            ...(failed && { secretLink: null }),
            lastError: String((error as Error).message ?? error).slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
          })
          .where(eq(emailOutbox.id, message.id));
        options.log?.error({ err: error, outboxId: message.id }, 'e-mail delivery failed');
      }
    }
    return due.length;
  }

  const poller = createPoller(deliver, {
    pollMs: options.pollMs,
    onError: (error) => options.log?.error({ err: error }, 'outbox poll failed'),
  });
  return {
    runOnce: poller.runOnce,
    start: poller.start,
    async stop() {
      await poller.stop();
      transport.close();
    },
  };
}
