import type { DeadlineCorrectionBody, StaffRequest } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { refreshDeadline } from './requests.deadline';
import { unsafeSetDeadlineFacts } from './requests.deadline-correction.queries';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

/**
 * Internal staff correct the legal basis or record the provider's extension notice (POST
 * /api/home/request/{id}/ with those fields alone); the due date follows at once.
 */
export async function correctDeadline(
  db: Db,
  auth: Auth,
  id: number,
  body: DeadlineCorrectionBody,
): Promise<StaffRequest> {
  authorize(auth, 'request.staffWork');
  await db.transaction(async (tx) => {
    const found = await unsafeSetDeadlineFacts(tx, id, {
      ...(body.legal_basis && { legalBasis: body.legal_basis }),
      ...(body.extension_notice_on !== undefined && { extensionNoticeOn: body.extension_notice_on }),
    });
    if (!found) throw notFound();
    await refreshDeadline(tx, id);
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['working_on'] as const));
  return result;
}
