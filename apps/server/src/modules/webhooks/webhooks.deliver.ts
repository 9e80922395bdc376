import { WEBHOOK_MSG } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DataCipher } from '../../lib/crypto';
import type { Mail } from '../../lib/outbox';
import { resolveWebhookHost, type WebhookNetwork } from './webhooks.address';
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

interface DueRow {
  id: number;
  endpoint_id: number;
  message_id: string;
  body: string;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret: string;
}

async function leaseDue(db: DbOrTx, now: Date, endpointIds?: number[]): Promise<DueRow[]> {
  const only = endpointIds
    ? sql`and d.endpoint_id in (${sql.join(
        endpointIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<DueRow>(
    db,
    sql`with due as (
          select d.id from ${webhookDeliveries} d
          join ${webhookEndpoints} e on e.id = d.endpoint_id and e.disabled_at is null
          where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
          order by d.next_attempt_at
          limit ${BATCH}
          for update of d skip locked
        )
        update ${webhookDeliveries} d
        set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
        from due, ${webhookEndpoints} e
        where d.id = due.id and e.id = d.endpoint_id
        returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts, d.created_at, e.url, e.secret`,
  );
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
      await tx
        .update(webhookEndpoints)
        .set({ failureCount: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, row.endpoint_id));
      await tx
        .update(webhookDeliveries)
        .set({ ...result, status: 'delivered', deliveredAt: now, lastError: null })
        .where(eq(webhookDeliveries.id, row.id));
    });
    return;
  }
  const giveUp = now.getTime() - new Date(row.created_at).getTime() >= RETRY_WINDOW_MS;
  await deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        failureCount: sql`${webhookEndpoints.failureCount} + 1`,
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, row.endpoint_id))
      .returning({
        failureCount: webhookEndpoints.failureCount,
        failingSince: webhookEndpoints.failingSince,
        disabledAt: webhookEndpoints.disabledAt,
      });
    // Still 'pending' only: disabling the endpoint meanwhile marked it not sent.
    await tx
      .update(webhookDeliveries)
      .set({
        ...result,
        status: giveUp ? 'failed' : 'pending',
        lastError: giveUp ? `${outcome.error} — ${WEBHOOK_MSG.gaveUp}` : outcome.error,
        nextAttemptAt: sql`${at}::timestamptz + make_interval(secs => ${retryDelaySeconds(attempts)})`,
      })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending')));
    if (endpoint && !endpoint.disabledAt)
      await disableAfterFailures(tx, deps.mail, row.endpoint_id, endpoint, now);
  });
}

/** Sends what is due now, batch after batch; resolves with the number of attempts made. */
export async function deliverDueWebhooks(deps: DeliveryDeps): Promise<number> {
  let count = 0;
  for (let batch = 0; batch < 10; batch++) {
    const now = deps.now?.() ?? new Date();
    const due = await leaseDue(deps.db, now, deps.endpointIds);
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
