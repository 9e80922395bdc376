import type { StaffRequest } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { unsafeSetArchived } from './requests.archive.queries';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

/**
 * Staff archive a request they are done with, or make it active again (POST /api/home/request/{id}/
 * with {archived}). An archived request leaves internal lists and the To Do counts but keeps its
 * reminders, files and history, and is found again with the list's `archived=true` filter.
 */
export async function setArchived(
  db: Db,
  auth: Auth,
  id: number,
  archived: boolean,
  ip: string | null,
): Promise<StaffRequest> {
  authorize(auth, 'request.staffWork');
  await db.transaction(async (tx) => {
    const row = await unsafeSetArchived(tx, id, archived);
    if (!row) throw notFound();
    await recordAudit(tx, {
      actorId: auth.userId,
      action: archived ? 'request.archive' : 'request.unarchive',
      details: { request_id: id, internal_number: row.internalNumber },
      ip,
    });
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['working_on'] as const));
  return result;
}
