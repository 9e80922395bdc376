import type { RecordCategory } from '@dd/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import type { DbOrTx, Tx } from '../../db/client';
import { requests, requestTypeChoices, requestTypes, userDirectory } from '../../db/schema';
import type { RequestKey } from '../requests/requests.ref';

/** The statements of a request's record categories and what arrived of each (completeness.service.ts). */

export async function categoriesOf(
  db: DbOrTx,
  requestId: number,
  companyId: number,
): Promise<RecordCategory[]> {
  const rows = await db
    .select({
      requestType: requestTypeChoices.requestTypeId,
      name: requestTypes.name,
      receipt: requestTypeChoices.receipt,
      markedAt: requestTypeChoices.receiptAt,
      markedBy: userDirectory.fullName,
    })
    .from(requestTypeChoices)
    .innerJoin(requestTypes, eq(requestTypes.id, requestTypeChoices.requestTypeId))
    .leftJoin(userDirectory, eq(userDirectory.userId, requestTypeChoices.receiptById))
    .where(and(eq(requestTypeChoices.requestId, requestId), eq(requestTypeChoices.companyId, companyId)))
    .orderBy(asc(requestTypeChoices.position));
  return rows.map((r) => ({
    request_type: r.requestType,
    name: r.name,
    receipt: r.receipt,
    marked_at: r.markedAt?.toISOString() ?? null,
    marked_by: r.markedBy,
  }));
}

/** The firm of the request if the caller may see it. */
export async function visibleRequestFirm(
  db: DbOrTx,
  auth: Auth,
  requestId: number,
): Promise<{ companyId: number } | undefined> {
  const [visible] = await db
    .select({ companyId: requests.companyId })
    .from(requests)
    .where(and(eq(requests.id, requestId), visibleRequests(auth)));
  return visible;
}

/** Marks (or, with null, unmarks) what arrived of one category, by whom and when. */
export async function setCategoryReceipt(
  tx: Tx,
  request: RequestKey,
  requestTypeId: number,
  receipt: RecordCategory['receipt'],
  by: { userId: number; at: Date },
): Promise<void> {
  await tx
    .update(requestTypeChoices)
    .set({
      receipt,
      receiptAt: receipt ? by.at : null,
      receiptById: receipt ? by.userId : null,
    })
    .where(
      and(
        eq(requestTypeChoices.requestId, request.id),
        eq(requestTypeChoices.companyId, request.companyId),
        eq(requestTypeChoices.requestTypeId, requestTypeId),
      ),
    );
}

/**
 * The provider certified it holds no records for the request: every category not yet marked is
 * certified none, so the request reads complete ('No Records Found', outcomes.service.ts). A category
 * marked already (some of it arrived) keeps its mark.
 */
export async function certifyUnmarkedAsNone(tx: Tx, requestId: number, byUserId: number): Promise<void> {
  await tx
    .update(requestTypeChoices)
    .set({ receipt: 'none', receiptAt: new Date(), receiptById: byUserId })
    .where(and(eq(requestTypeChoices.requestId, requestId), isNull(requestTypeChoices.receipt)));
}
