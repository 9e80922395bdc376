import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema';

/** Security-relevant actions (who changed whom, from where), written in the same transaction as the change. */
export interface AuditEvent {
  actorId: number | null;
  action: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    targetUserId: event.targetUserId ?? null,
    details: event.details ?? {},
    ip: event.ip ?? null,
  });
}
