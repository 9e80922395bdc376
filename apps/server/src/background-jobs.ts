import { sql } from 'drizzle-orm';
import type { AppDeps } from './app-types';
import { pruneSpentTokens, TOKEN_PRUNE_JOB } from './auth/token-retention';
import { jobs } from './db/schema';
import { pruneIdempotencyKeys } from './lib/idempotency';
import { createJobRunner, type JobRunner } from './lib/jobs';
import { compactTallies } from './modules/datadashboard/tallies.queries';
import { DEADLINE_DIGEST_JOB, sendDeadlineDigests } from './modules/deadlinedigest/deadline-digest';
import { diskPaths } from './modules/diskusage/diskusage.routes';
import { takeDailySnapshot } from './modules/diskusage/diskusage.service';
import { backfillFileHashes, HASH_BACKFILL_JOB } from './modules/files/files.hash';
import { FOLLOW_UPS_JOB, sendDueFollowUps } from './modules/followups/followups.chore';
import {
  NOTIFICATION_DIGEST_JOB,
  sendNotificationDigests,
} from './modules/notifications/notification-emails.digest';
import {
  NOTIFICATION_EMAILS_JOB,
  sendNotificationEmails,
} from './modules/notifications/notification-emails.send';
import { expireStaleCardPayments } from './modules/payments/card-payment-expiry';
import { paymentProvider } from './modules/payments/stripe-client';
import { RENDER_JOB, renderJobHandler } from './modules/pdfforms/pdfforms.render';
import {
  backfillRecordIndexing,
  INDEX_BACKFILL_JOB,
  INDEX_JOB,
  indexRecordFile,
} from './modules/recordsearch/search.index';
import { STAMP_JOB, stampDelivered } from './modules/recordspackage/package.deliver';
import { runAuthorizationExpiry, SIGNING_EXPIRY_JOB } from './modules/signing/signing.expiry';
import { webhookNetwork } from './modules/webhooks/webhooks.address';
import { deliverDueWebhooks } from './modules/webhooks/webhooks.deliver';
import { WEBHOOK_RETRY_JOB, WEBHOOK_SEND_JOB } from './modules/webhooks/webhooks.emit';
import { pruneWebhookDeliveries, WEBHOOK_PRUNE_JOB } from './modules/webhooks/webhooks.prune';

/**
 * Every kind of background work, run through the one job queue (decision 034) by whichever server
 * instance claims it: rendering long PDF forms, folding the dashboard's running tallies together, the
 * daily disk-usage snapshot, ending card payments left waiting for the bank's authentication, sending the
 * follow-ups to providers that are due, the firms' weekly deadline e-mails, each user's notification
 * e-mails (at once, and the daily digest), deleting webhook deliveries past 30 days, ended sessions and spent tokens, and
 * clearing out finished jobs and idempotency keys past their 24 hours, hashing files stored before
 * their SHA-256 was kept, Bates-stamping delivered records, reading received records' text for search, and
 * sending firms' signed webhooks (and retrying them).
 */
export function createBackgroundJobs(
  deps: AppDeps,
  log?: { error(obj: unknown, msg?: string): void },
): JobRunner {
  const db = deps.db;
  const payments = paymentProvider(deps.config);
  const webhooks = { db, cipher: deps.cipher, mail: deps.mail, network: webhookNetwork(deps.config) };
  return createJobRunner({
    db,
    pollMs: deps.config.JOB_POLL_MS,
    log,
    handlers: {
      [RENDER_JOB]: renderJobHandler(deps),
      'dashboard.compact': () => compactTallies(db),
      'disk.snapshot': async () => {
        await takeDailySnapshot(db, diskPaths(deps.config));
      },
      'payments.expire': () => expireStaleCardPayments(db, payments),
      [HASH_BACKFILL_JOB]: async (_payload, context) => {
        await backfillFileHashes(deps, context);
      },
      [STAMP_JOB]: async (payload, context) => {
        const records = { db, storage: deps.storage, dataDir: deps.config.dataDir };
        await stampDelivered(records, Number(payload.requestId), context);
      },
      [INDEX_JOB]: async (payload, context) => {
        const records = { db, storage: deps.storage, dataDir: deps.config.dataDir };
        await indexRecordFile(records, Number(payload.fileId), context);
      },
      [INDEX_BACKFILL_JOB]: async () => {
        await backfillRecordIndexing(db);
      },
      [FOLLOW_UPS_JOB]: async () => {
        await sendDueFollowUps(deps);
      },
      [DEADLINE_DIGEST_JOB]: async () => {
        await sendDeadlineDigests(deps);
      },
      [NOTIFICATION_EMAILS_JOB]: async () => {
        await sendNotificationEmails(deps);
      },
      [NOTIFICATION_DIGEST_JOB]: async () => {
        await sendNotificationDigests(deps);
      },
      [WEBHOOK_PRUNE_JOB]: async () => {
        await pruneWebhookDeliveries(db);
      },
      [TOKEN_PRUNE_JOB]: async () => {
        await pruneSpentTokens(db, deps.config.SESSION_MAX_HOURS);
      },
      [SIGNING_EXPIRY_JOB]: async () => {
        await runAuthorizationExpiry(deps);
      },
      // Sent as soon as the change that raised them commits; retried by the recurring chore.
      [WEBHOOK_SEND_JOB]: async () => {
        await deliverDueWebhooks(webhooks);
      },
      [WEBHOOK_RETRY_JOB]: async () => {
        await deliverDueWebhooks(webhooks);
      },
      'jobs.prune': async () => {
        await db.execute(
          sql`delete from ${jobs} where (status = 'done' and finished_at < now() - interval '1 day')
                or (status = 'failed' and finished_at < now() - interval '30 days')`,
        );
        await pruneIdempotencyKeys(db);
      },
    },
    recurring: [
      // The running tallies only ever gain rows; folded together every minute they stay a few thousand.
      { kind: 'dashboard.compact', everySeconds: 60 },
      { kind: 'disk.snapshot', everySeconds: 3600 },
      { kind: 'jobs.prune', everySeconds: 3600 },
      { kind: 'payments.expire', everySeconds: 300 },
      // Files stored before hashes were kept, and any whose object was missing when they were attached.
      { kind: HASH_BACKFILL_JOB, everySeconds: 3600 },
      // Received PDFs not yet searchable (stored before search, or copied by a split).
      { kind: INDEX_BACKFILL_JOB, everySeconds: 600 },
      // Follow-ups fall due by the day in each provider's time zone; ten minutes is soon enough.
      { kind: FOLLOW_UPS_JOB, everySeconds: 600 },
      // Each user's digest falls due on Monday at 7:00 their time: it leaves within a quarter of an hour.
      { kind: DEADLINE_DIGEST_JOB, everySeconds: 900 },
      // Notification e-mails chosen 'immediately' leave within a minute of the note.
      { kind: NOTIFICATION_EMAILS_JOB, everySeconds: 60 },
      // Each user's digest falls due from 7:00 their time: it leaves within a quarter of an hour.
      { kind: NOTIFICATION_DIGEST_JOB, everySeconds: 900 },
      { kind: WEBHOOK_PRUNE_JOB, everySeconds: 86_400 },
      { kind: TOKEN_PRUNE_JOB, everySeconds: 86_400 },
      // Online authorizations expiring within 30 days, or expired: hourly, each row acted on once.
      { kind: SIGNING_EXPIRY_JOB, everySeconds: 3600 },
      // Webhook retries fall due from 30 s on (webhooks.deliver.ts); new events are sent at once by their own job.
      { kind: WEBHOOK_RETRY_JOB, everySeconds: 60 },
    ],
  });
}
