import { type RequestStatus, STATUS, type WebhookEvent } from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { enqueueJob } from '../../lib/jobs';
import { insertDeliveries, subscribedEndpoints } from './webhooks.deliver.queries';

/**
 * Events for a firm's webhooks, written in the transaction of the change they report (the outbox: a change
 * rolled back sends nothing) as one delivery row per subscribed endpoint, and a job to send them at once.
 * A payload names ids, statuses, times and API links that need a key: never a client's name, SSN, date of
 * birth or a file's contents (decision 059).
 */
export const WEBHOOK_SEND_JOB = 'webhooks.send';
export const WEBHOOK_RETRY_JOB = 'webhooks.retry';

/** The request as every request event names it. */
export interface RequestFacts {
  id: number;
  companyId: number;
  status: RequestStatus;
}

interface Emitted {
  companyId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
}

async function emit(db: DbOrTx, { companyId, event, data }: Emitted): Promise<void> {
  const endpoints = await subscribedEndpoints(db, companyId, event);
  if (endpoints.length === 0) return;
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  await insertDeliveries(
    db,
    endpoints.map((e) => ({
      endpointId: e.id,
      companyId,
      messageId: `msg_${randomToken(18)}`,
      event,
      body,
    })),
  );
  // One live job sends whatever is due; the recurring retry picks up anything queued as it finished.
  await enqueueJob(db, { kind: WEBHOOK_SEND_JOB, key: WEBHOOK_SEND_JOB });
}

function requestData(publicUrl: string, request: RequestFacts) {
  return {
    id: request.id,
    status: request.status,
    url: `${publicUrl}/api/home/request/${request.id}/`,
  };
}

/** `splitFrom`: the request staff split into this one (it no longer exists). */
export async function emitRequestCreated(
  db: DbOrTx,
  publicUrl: string,
  request: RequestFacts,
  splitFrom?: number,
) {
  const data = {
    ...requestData(publicUrl, request),
    ...(splitFrom !== undefined && { split_from: splitFrom }),
  };
  await emit(db, { companyId: request.companyId, event: 'request.created', data: { request: data } });
}

/** Every status change; 'Need Assistance' and sent records also raise their own event. */
export async function emitStatusChanged(
  db: DbOrTx,
  publicUrl: string,
  request: RequestFacts,
  previousStatus: RequestStatus,
) {
  const data = { request: { ...requestData(publicUrl, request), previous_status: previousStatus } };
  await emit(db, { companyId: request.companyId, event: 'request.status_changed', data });
  if (request.status === STATUS.needAssistance)
    await emit(db, { companyId: request.companyId, event: 'request.needs_attention', data });
}

export async function emitRecordsReady(
  db: DbOrTx,
  publicUrl: string,
  request: RequestFacts,
  documentCount: number,
) {
  await emit(db, {
    companyId: request.companyId,
    event: 'request.records_ready',
    data: {
      request: requestData(publicUrl, request),
      documents: documentCount,
      package_url: `${publicUrl}/api/home/request/${request.id}/package/`,
    },
  });
}

export async function emitInvoiceIssued(
  db: DbOrTx,
  publicUrl: string,
  invoice: { id: number; companyId: number; total: string; lines: number; created: string },
) {
  await emit(db, {
    companyId: invoice.companyId,
    event: 'invoice.issued',
    data: {
      invoice: {
        id: invoice.id,
        total: invoice.total,
        lines: invoice.lines,
        created: invoice.created,
        url: `${publicUrl}/api/home/billing/${invoice.id}/`,
      },
    },
  });
}
