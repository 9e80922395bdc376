import { chooseAssigneeMessage, claimHeldMessage, type RequestListItem, type WorkingOn } from '@dd/shared';
import { type Auth, hasPermission } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  isActiveStaffOf,
  unsafeClaimHolder,
  unsafeClaimHolderName,
  unsafeClaimIfUnclaimed,
  unsafeLockClaimHolder,
  unsafeSetClaim,
} from './requests.claim.queries';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

/**
 * Claiming (staff spec section 4): internal staff claim a request (working_on = themselves), release it
 * (null) or assign it to another active staff member. A claim succeeds only on an unclaimed request, in
 * one conditional UPDATE, so of two simultaneous claims exactly one wins. Changing a claim someone else
 * holds needs the release_any_claim permission; otherwise the answer is 409 naming the holder.
 */
export async function changeClaim(
  db: Db,
  auth: Auth,
  id: number,
  target: number | null,
): Promise<RequestListItem> {
  authorize(auth, 'request.staffWork');
  if (target === auth.userId) await claim(db, auth, id);
  else await releaseOrAssign(db, auth, id, target);
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['working_on'] as const));
  return result;
}

async function claim(db: Db, auth: Auth, id: number): Promise<void> {
  // A release between the failed UPDATE and the look-up leaves it unclaimed again: try once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await unsafeClaimIfUnclaimed(db, id, auth.userId)) return;
    const row = await unsafeClaimHolder(db, id);
    if (!row) throw notFound();
    // Claiming again what you already hold changes nothing.
    if (row.holder === auth.userId) return;
    if (row.holder !== null) throw await heldBy(db, row.holder);
  }
  throw await heldBy(db, null);
}

async function releaseOrAssign(db: Db, auth: Auth, id: number, target: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await unsafeLockClaimHolder(tx, id);
    if (!row) throw notFound();
    if (target !== null && !(await isActiveStaffOf(tx, target, auth.companyId))) {
      throw badRequest(chooseAssigneeMessage, { working_on: chooseAssigneeMessage });
    }
    const heldByOther = row.holder !== null && row.holder !== auth.userId && row.holder !== target;
    if (heldByOther && !hasPermission(auth, 'release_any_claim')) throw await heldBy(tx, row.holder);
    if (row.holder !== target) {
      await unsafeSetClaim(tx, id, target);
    }
  });
}

async function heldBy(db: DbOrTx, holderId: number | null) {
  const holder = holderId ? await unsafeClaimHolderName(db, holderId) : undefined;
  const workingOn: WorkingOn = holder ?? { id: holderId ?? 0, full_name: 'another staff member' };
  return conflict(claimHeldMessage(workingOn.full_name), { working_on: workingOn });
}
