import type { WebhookEvent } from '@dd/shared';
import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/**
 * SQL for sending webhooks: writing deliveries, leasing the due ones, recording attempts, disabling an
 * endpoint after failures and pruning old deliveries. Sending and the chores act for every firm.
 */

export interface DueRow {
  id: number;
  endpoint_id: number;
  message_id: string;
  body: string;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret: string;
}

/** Leases up to `batch` due deliveries for `leaseSeconds` (rows another instance holds are skipped). */
export async function leaseDueDeliveries(
  db: DbOrTx,
  now: Date,
  lease: { batch: number; seconds: number },
  endpointIds?: number[],
): Promise<DueRow[]> {
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
          limit ${lease.batch}
          for update of d skip locked
        )
        update ${webhookDeliveries} d
        set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${lease.seconds})
        from due, ${webhookEndpoints} e
        where d.id = due.id and e.id = d.endpoint_id
        returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts, d.created_at, e.url, e.secret`,
  );
}

interface AttemptResult {
  attempts: number;
  lastAttemptAt: Date;
  lastStatusCode: number | null;
  responseMs: number | null;
}

export async function resetEndpointFailures(tx: DbOrTx, endpointId: number): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failureCount: 0, failingSince: null })
    .where(eq(webhookEndpoints.id, endpointId));
}

export async function markDelivered(tx: DbOrTx, id: number, result: AttemptResult, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ ...result, status: 'delivered', deliveredAt: now, lastError: null })
    .where(eq(webhookDeliveries.id, id));
}

/** Counts one more failure on the endpoint (failing since `at` if it was not); answers its new state. */
export async function countEndpointFailure(tx: DbOrTx, endpointId: number, at: string) {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({
      failureCount: sql`${webhookEndpoints.failureCount} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      failureCount: webhookEndpoints.failureCount,
      failingSince: webhookEndpoints.failingSince,
      disabledAt: webhookEndpoints.disabledAt,
    });
  return endpoint;
}

/** Records a failed attempt on a delivery still pending: next try `delaySeconds` after `at`, or given up. */
export async function markAttemptFailed(
  tx: DbOrTx,
  id: number,
  outcome: AttemptResult & { status: 'failed' | 'pending'; lastError: string | null },
  at: string,
  delaySeconds: number,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({
      ...outcome,
      nextAttemptAt: sql`${at}::timestamptz + make_interval(secs => ${delaySeconds})`,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Disables an endpoint still enabled for its failures; answers its url and firm, or nothing. */
export async function disableEndpointForFailures(tx: DbOrTx, endpointId: number, now: Date) {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: 'failures' })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.disabledAt} is null`))
    .returning({ url: webhookEndpoints.url, companyId: webhookEndpoints.companyId });
  return endpoint;
}

/** The e-mail addresses of the firm's active administrators. */
export function activeAdminEmailsOfFirm(tx: DbOrTx, companyId: number) {
  return tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isStaff, true), eq(users.isActive, true)));
}

/** The firm's enabled endpoints subscribed to `event`. */
export function subscribedEndpoints(db: DbOrTx, companyId: number, event: WebhookEvent) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    );
}

export async function insertDeliveries(
  db: DbOrTx,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<void> {
  await db.insert(webhookDeliveries).values(rows);
}

/** Deletes up to `batch` finished deliveries created before `before`, oldest first; answers their ids. */
export function deleteFinishedDeliveries(db: DbOrTx, before: Date, batch: number) {
  return queryRows<{ id: number }>(
    db,
    sql`delete from ${webhookDeliveries} where id in (
          select id from ${webhookDeliveries}
          where created_at < ${before.toISOString()} and status <> 'pending'
          order by created_at limit ${batch}
        ) returning id`,
  );
}
