import {
  WEBHOOK_MSG,
  type WebhookCreateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@dd/shared';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { DataCipher } from '../../lib/crypto';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { assertWebhookUrl, resolveWebhookHost, type WebhookNetwork } from './webhooks.address';
import { WEBHOOK_SEND_JOB } from './webhooks.emit';
import {
  cancelPendingDeliveries,
  deleteEndpoint,
  deliveriesOfEndpoint,
  deliveryForCallerForUpdate,
  type EndpointRow,
  endpointForCaller,
  endpointsOfCallerFirm,
  insertEndpoint,
  requeueDelivery,
  setEndpointEnabled,
} from './webhooks.queries';
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

async function endpointOr404(db: DbOrTx, auth: Auth, id: number, lock = false): Promise<EndpointRow> {
  const row = await endpointForCaller(db, auth, id, lock);
  if (!row) throw notFound();
  return row;
}

/** The firm's endpoints, enabled first, newest first. */
export async function listWebhooks(db: DbOrTx, auth: Auth): Promise<WebhookEndpoint[]> {
  assertPerson(auth);
  const rows = await endpointsOfCallerFirm(db, auth);
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
    const id = await insertEndpoint(tx, {
      companyId: auth.companyId,
      url: url.href,
      events: body.events,
      secret: deps.cipher.encrypt(secret),
      createdById: auth.userId,
    });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'webhook.created',
      details: { webhook_id: id, url: url.href, events: body.events },
      ip,
    });
    return { id, secret };
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
    await setEndpointEnabled(tx, auth, id, enabled);
    if (!enabled) await cancelPendingDeliveries(tx, { id, companyId: auth.companyId });
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
    await deleteEndpoint(tx, auth, id);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'webhook.deleted',
      details: { webhook_id: id, url: current.url },
      ip,
    });
  });
}

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
  const { rows, total } = await deliveriesOfEndpoint(db, auth, endpointId, page);
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
    const found = await deliveryForCallerForUpdate(tx, auth, deliveryId);
    if (!found) throw notFound();
    if (found.status === 'pending') throw conflict(WEBHOOK_MSG.resendPending);
    if (found.endpointDisabledAt) throw conflict(WEBHOOK_MSG.endpointDisabled);
    const updated = await requeueDelivery(tx, auth, deliveryId);
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
