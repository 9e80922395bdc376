import {
  WEBHOOK_MSG,
  type WebhookCreateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@dd/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import { sameFirm } from '../../authz/scopes';
import type { Db, DbOrTx } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { DataCipher } from '../../lib/crypto';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { assertWebhookUrl, resolveWebhookHost, type WebhookNetwork } from './webhooks.address';
import { cancelPending } from './webhooks.disable';
import { WEBHOOK_SEND_JOB } from './webhooks.emit';
import { newWebhookSecret } from './webhooks.sign';

/**
 * A firm's webhook endpoints: register one (its signing secret is answered once, kept encrypted), list,
 * disable, enable and delete them, read an endpoint's deliveries and send one again. Every query is scoped
 * to the caller's firm, so another firm's endpoint is simply not found.
 */
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** People manage webhooks, never API keys (the key scope table already refuses them). */
function assertPerson(auth: Auth): void {
  if (auth.apiKeyId !== undefined || auth.isInternal) throw forbidden(WEBHOOK_MSG.firmsOnly);
}

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

type EndpointRow = Awaited<ReturnType<typeof selectEndpoints>>[number];

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    created: new Date(row.createdAt).toISOString(),
    created_by: row.createdById === null ? null : { id: row.createdById, full_name: row.createdByName ?? '' },
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason as WebhookEndpoint['disabled_reason'],
    failure_count: row.failureCount,
  };
}

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

async function endpointOr404(db: DbOrTx, auth: Auth, id: number, lock = false): Promise<EndpointRow> {
  const query = selectEndpoints(db, auth).where(
    and(eq(webhookEndpoints.companyId, auth.companyId), eq(webhookEndpoints.id, id)),
  );
  const [row] = lock ? await query.for('update', { of: webhookEndpoints }) : await query;
  if (!row) throw notFound();
  return row;
}

/** The firm's endpoints, enabled first, newest first. */
export async function listWebhooks(db: DbOrTx, auth: Auth): Promise<WebhookEndpoint[]> {
  assertPerson(auth);
  const rows = await selectEndpoints(db, auth).orderBy(
    sql`${webhookEndpoints.disabledAt} is not null`,
    desc(webhookEndpoints.createdAt),
    desc(webhookEndpoints.id),
  );
  return rows.map(toEndpoint);
}

export async function createWebhook(
  deps: { db: Db; cipher: DataCipher; network: WebhookNetwork },
  auth: Auth,
  body: z.output<typeof WebhookCreateSchema>,
  ip: string | null,
): Promise<{ id: number; secret: string }> {
  assertPerson(auth);
  const url = assertWebhookUrl(body.url, deps.network);
  // In production the host must resolve to public addresses now, and again at every delivery.
  if (deps.network.production) await resolveWebhookHost(url, deps.network);
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId: auth.companyId,
        url: url.href,
        events: body.events,
        secret: deps.cipher.encrypt(secret),
        createdById: auth.userId,
      })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'webhook.created',
      details: { webhook_id: row.id, url: url.href, events: body.events },
      ip,
    });
    return { id: row.id, secret };
  });
}

export async function setWebhookEnabled(
  db: Db,
  auth: Auth,
  id: number,
  enabled: boolean,
  ip: string | null,
): Promise<WebhookEndpoint> {
  assertPerson(auth);
  await db.transaction(async (tx) => {
    const current = await endpointOr404(tx, auth, id, true);
    if (enabled && !current.disabledAt) throw conflict(WEBHOOK_MSG.alreadyEnabled);
    if (!enabled && current.disabledAt) throw conflict(WEBHOOK_MSG.alreadyDisabled);
    await tx
      .update(webhookEndpoints)
      .set(
        enabled
          ? { disabledAt: null, disabledReason: null, failureCount: 0, failingSince: null }
          : { disabledAt: sql`now()`, disabledReason: 'manual' },
      )
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, auth.companyId)));
    if (!enabled) await cancelPending(tx, { id, companyId: auth.companyId });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: enabled ? 'webhook.enabled' : 'webhook.disabled',
      details: { webhook_id: id, url: current.url },
      ip,
    });
  });
  return toEndpoint(await endpointOr404(db, auth, id));
}

export async function deleteWebhook(db: Db, auth: Auth, id: number, ip: string | null): Promise<void> {
  assertPerson(auth);
  await db.transaction(async (tx) => {
    const current = await endpointOr404(tx, auth, id, true);
    await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, auth.companyId)));
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'webhook.deleted',
      details: { webhook_id: id, url: current.url },
      ip,
    });
  });
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
interface DeliveryRow {
  id: number;
  messageId: string;
  event: string;
  status: string;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  responseMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    created: new Date(row.createdAt).toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    response_status: row.lastStatusCode,
    response_ms: row.responseMs,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
  };
}

/** One endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  db: DbOrTx,
  auth: Auth,
  endpointId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  assertPerson(auth);
  await endpointOr404(db, auth, endpointId);
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
  return { rows: rows.map(toDelivery), total };
}

/** 'Send again': one more attempt now (then the usual retries, within three days of the event). */
export async function resendDelivery(
  db: Db,
  auth: Auth,
  deliveryId: number,
  ip: string | null,
): Promise<WebhookDelivery> {
  assertPerson(auth);
  return db.transaction(async (tx) => {
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
    if (!found) throw notFound();
    if (found.status === 'pending') throw conflict(WEBHOOK_MSG.resendPending);
    if (found.endpointDisabledAt) throw conflict(WEBHOOK_MSG.endpointDisabled);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, auth.companyId)))
      .returning(deliveryColumns);
    await enqueueJob(tx, { kind: WEBHOOK_SEND_JOB, key: WEBHOOK_SEND_JOB });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'webhook.resent',
      details: { delivery_id: deliveryId, message_id: found.messageId },
      ip,
    });
    return toDelivery(updated);
  });
}
