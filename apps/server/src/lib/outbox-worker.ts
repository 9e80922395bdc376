import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import { leaseDueEmails } from './outbox';

/** Delivers outbox rows over SMTP with retries and exponential backoff. */
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;

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
  log?: { error(obj: unknown, msg?: string): void };
}): OutboxWorker {
  const transport = nodemailer.createTransport(options.smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(): Promise<number> {
    const due = await leaseDueEmails(options.db, 20, LEASE_SECONDS);
    for (const message of due) {
      try {
        await transport.sendMail({
          from: message.fromEmail,
          to: message.toEmail,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        await options.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, attempts: message.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, message.id));
      } catch (error) {
        const attempts = message.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        await options.db
          .update(emailOutbox)
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            lastError: String((error as Error).message ?? error).slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
          })
          .where(eq(emailOutbox.id, message.id));
        options.log?.error({ err: error, outboxId: message.id }, 'e-mail delivery failed');
      }
    }
    return due.length;
  }

  function runOnce(): Promise<number> {
    running ??= deliver().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      const tick = async () => {
        try {
          await runOnce();
        } catch (error) {
          options.log?.error({ err: error }, 'outbox poll failed');
        }
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      };
      timer = setTimeout(tick, options.pollMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
