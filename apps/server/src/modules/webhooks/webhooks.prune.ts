import type { DbOrTx } from '../../db/client';
import { deleteFinishedDeliveries } from './webhooks.deliver.queries';

/**
 * Webhook deliveries are kept 30 days (decision 065): long enough for a firm to look into a failure on its
 * webhooks screen, short enough that a busy integration does not fill the database. A daily job deletes
 * finished deliveries past that age in batches, so no one statement holds locks on a large table for long;
 * a delivery still being retried is left alone.
 */
export const WEBHOOK_PRUNE_JOB = 'webhooks.prune';
const WEBHOOK_RETENTION_DAYS = 30;
const BATCH = 5000;

/** Answers how many deliveries were deleted. */
export async function pruneWebhookDeliveries(db: DbOrTx, now = new Date(), batch = BATCH): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = await deleteFinishedDeliveries(db, before, batch);
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
