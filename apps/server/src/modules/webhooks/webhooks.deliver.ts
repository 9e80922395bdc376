import { WEBHOOK_MSG } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import type { DataCipher } from '../../lib/crypto';
import type { Mail } from '../../lib/outbox';
import { resolveWebhookHost, type WebhookNetwork } from './webhooks.address';
import {
  countEndpointFailure,
  type DueRow,
  leaseDueDeliveries,
  markAttemptFailed,
  markDelivered,
  resetEndpointFailures,
} from './webhooks.deliver.queries';
import { disableAfterFailures } from './webhooks.disable';
import { postPinned } from './webhooks.http';
import { signedHeaders } from './webhooks.sign';

/**
 * Sends due deliveries, from the job queue, on whichever instance claims them (a lease keeps two from
 * sending the same row). A delivery that fails is tried again with exponential backoff for three days
 * from its event; an endpoint whose deliveries failed for a day is disabled and its firm administrators
 * are told by e-mail (webhooks.disable.ts). `now` is the clock, so tests can move time.
 */
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
const LEASE_SECONDS = 60;
const BATCH = 20;

/** 30 s, 1 min, 2 min … doubling up to six hours between attempts. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 6 * 3600);
}

export interface DeliveryDeps {
  db: DbOrTx;
  cipher: DataCipher;
  mail: Mail;
  network: WebhookNetwork;
  now?: () => Date;
  /** Only these endpoints' deliveries: tests that share one PostgreSQL database between files. */
  endpointIds?: number[];
}

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  ms: number | null;
}

async function attempt(deps: DeliveryDeps, row: DueRow, now: Date): Promise<Outcome> {
  const started = performance.now();
  try {
    const url = new URL(row.url);
    // Checked again on every attempt, and the connection goes to the address checked.
    const address = await resolveWebhookHost(url, deps.network);
    const secret = deps.cipher.decrypt(row.secret);
    const headers = signedHeaders(secret, row.message_id, Math.floor(now.getTime() / 1000), row.body);
    const answer = await postPinned(url, address, headers, row.body);
    const ms = Math.round(performance.now() - started);
    const ok = answer.status >= 200 && answer.status < 300;
    const error = ok ? null : `HTTP ${answer.status}${answer.excerpt ? `: ${answer.excerpt}` : ''}`;
    return { ok, status: answer.status, error, ms };
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    return { ok: false, status: null, error: message.slice(0, 500), ms: null };
  }
}

async function record(deps: DeliveryDeps, row: DueRow, outcome: Outcome, now: Date): Promise<void> {
  const attempts = row.attempts + 1;
  const at = now.toISOString();
  const result = { attempts, lastAttemptAt: now, lastStatusCode: outcome.status, responseMs: outcome.ms };
  if (outcome.ok) {
    // The endpoint's row first, then the delivery's, in every transaction here: one lock order, no deadlock.
    await deps.db.transaction(async (tx) => {
      await resetEndpointFailures(tx, row.endpoint_id);
      await markDelivered(tx, row.id, result, now);
    });
    return;
  }
  const giveUp = now.getTime() - new Date(row.created_at).getTime() >= RETRY_WINDOW_MS;
  await deps.db.transaction(async (tx) => {
    const endpoint = await countEndpointFailure(tx, row.endpoint_id, at);
    // Still 'pending' only: disabling the endpoint meanwhile marked it not sent.
    await markAttemptFailed(
      tx,
      row.id,
      {
        ...result,
        status: giveUp ? 'failed' : 'pending',
        lastError: giveUp ? `${outcome.error} — ${WEBHOOK_MSG.gaveUp}` : outcome.error,
      },
      at,
      retryDelaySeconds(attempts),
    );
    if (endpoint && !endpoint.disabledAt)
      await disableAfterFailures(tx, deps.mail, row.endpoint_id, endpoint, now);
  });
}

/** Sends what is due now, batch after batch; resolves with the number of attempts made. */
export async function deliverDueWebhooks(deps: DeliveryDeps): Promise<number> {
  let count = 0;
  for (let batch = 0; batch < 10; batch++) {
    const now = deps.now?.() ?? new Date();
    const due = await leaseDueDeliveries(
      deps.db,
      now,
      { batch: BATCH, seconds: LEASE_SECONDS },
      deps.endpointIds,
    );
    if (due.length === 0) break;
    await Promise.all(
      due.map(async (row) => {
        const outcome = await attempt(deps, row, now);
        await record(deps, row, outcome, deps.now?.() ?? new Date());
      }),
    );
    count += due.length;
  }
  return count;
}
