import { WEBHOOK_MSG } from '@dd/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** SQL for a firm's webhook endpoints and their deliveries, each statement scoped to the caller's firm. */

type EndpointValues = typeof webhookEndpoints.$inferInsert;

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  createdAt: webhookEndpoints.createdAt,
  createdById: webhookEndpoints.createdById,
  createdByName: users.fullName,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  failureCount: webhookEndpoints.failureCount,
};

export type EndpointRow = Awaited<ReturnType<typeof selectEndpoints>>[number];

function selectEndpoints(db: DbOrTx, auth: Auth) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(
      users,
      and(eq(users.id, webhookEndpoints.createdById), sameFirm(users.companyId, webhookEndpoints.companyId)),
    )
    .where(eq(webhookEndpoints.companyId, auth.companyId))
    .$dynamic();
}

/** One of the caller's firm's endpoints, locked for update when `lock` is set. */
export async function endpointForCaller(
  db: DbOrTx,
  auth: Auth,
  id: number,
  lock: boolean,
): Promise<EndpointRow | undefined> {
  const query = selectEndpoints(db, auth).where(
    and(eq(webhookEndpoints.companyId, auth.companyId), eq(webhookEndpoints.id, id)),
  );
  const [row] = lock ? await query.for('update', { of: webhookEndpoints }) : await query;
  return row;
}

/** The caller's firm's endpoints, enabled first, newest first. */
export function endpointsOfCallerFirm(db: DbOrTx, auth: Auth): Promise<EndpointRow[]> {
  return selectEndpoints(db, auth).orderBy(
    sql`${webhookEndpoints.disabledAt} is not null`,
    desc(webhookEndpoints.createdAt),
    desc(webhookEndpoints.id),
  );
}

/** Answers the new endpoint's id. */
export async function insertEndpoint(tx: DbOrTx, values: EndpointValues): Promise<number> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row.id;
}

/** Enables the endpoint (its failures forgotten) or disables it by hand. */
export async function setEndpointEnabled(
  tx: DbOrTx,
  auth: Auth,
  id: number,
  enabled: boolean,
): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set(
      enabled
        ? { disabledAt: null, disabledReason: null, failureCount: 0, failingSince: null }
        : { disabledAt: sql`now()`, disabledReason: 'manual' },
    )
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, auth.companyId)));
}

export async function deleteEndpoint(tx: DbOrTx, auth: Auth, id: number): Promise<void> {
  await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, auth.companyId)));
}

/** Marks the endpoint's waiting deliveries not sent. */
export async function cancelPendingDeliveries(
  tx: DbOrTx,
  endpoint: { id: number; companyId: number },
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: WEBHOOK_MSG.deliveryCancelled })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        eq(webhookDeliveries.companyId, endpoint.companyId),
        eq(webhookDeliveries.status, 'pending'),
      ),
    );
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  responseMs: webhookDeliveries.responseMs,
  lastError: webhookDeliveries.lastError,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

/** One endpoint's deliveries, newest first, a page at a time, and how many it has. */
export async function deliveriesOfEndpoint(
  db: DbOrTx,
  auth: Auth,
  endpointId: number,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.companyId, auth.companyId),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total };
}

/** A delivery of the caller's firm with its endpoint's disabled time, locked for update. */
export async function deliveryForCallerForUpdate(tx: DbOrTx, auth: Auth, deliveryId: number) {
  const [found] = await tx
    .select({ ...deliveryColumns, endpointDisabledAt: webhookEndpoints.disabledAt })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        sameFirm(webhookEndpoints.companyId, webhookDeliveries.companyId),
      ),
    )
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.companyId, auth.companyId)))
    .for('update', { of: webhookDeliveries });
  return found;
}

/** Puts a delivery back to pending, due now; answers it as updated. */
export async function requeueDelivery(tx: DbOrTx, auth: Auth, deliveryId: number) {
  const [updated] = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, auth.companyId)))
    .returning(deliveryColumns);
  return updated;
}
