import { chooseAssigneeMessage, claimHeldMessage, type RequestListItem, type WorkingOn } from '@dd/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { type Auth, hasPermission } from '../../authz';
import { authorize } from '../../authz/policy';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { Db, DbOrTx } from '../../db/client';
import { requests, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
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
    const [won] = await db
      .update(requests)
      .set({ workingOnId: auth.userId })
      .where(and(unsafeActiveRequestById(id), isNull(requests.workingOnId)))
      .returning({ id: requests.id });
    if (won) return;
    const [row] = await db
      .select({ holder: requests.workingOnId })
      .from(requests)
      .where(unsafeActiveRequestById(id));
    if (!row) throw notFound();
    // Claiming again what you already hold changes nothing.
    if (row.holder === auth.userId) return;
    if (row.holder !== null) throw await heldBy(db, row.holder);
  }
  throw await heldBy(db, null);
}

async function releaseOrAssign(db: Db, auth: Auth, id: number, target: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ holder: requests.workingOnId })
      .from(requests)
      .where(unsafeActiveRequestById(id))
      .for('update');
    if (!row) throw notFound();
    if (target !== null && !(await isActiveStaffOf(tx, target, auth.companyId))) {
      throw badRequest(chooseAssigneeMessage, { working_on: chooseAssigneeMessage });
    }
    const heldByOther = row.holder !== null && row.holder !== auth.userId && row.holder !== target;
    if (heldByOther && !hasPermission(auth, 'release_any_claim')) throw await heldBy(tx, row.holder);
    if (row.holder !== target) {
      await tx.update(requests).set({ workingOnId: target }).where(eq(requests.id, id));
    }
  });
}

/** The assignee must be an active staff user of the caller's (the internal) company. */
async function isActiveStaffOf(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.companyId, companyId),
        eq(users.isStaff, true),
        eq(users.isActive, true),
      ),
    );
  return Boolean(user);
}

async function heldBy(db: DbOrTx, holderId: number | null) {
  const [holder] = holderId
    ? await db.select({ id: users.id, full_name: users.fullName }).from(users).where(eq(users.id, holderId))
    : [];
  const workingOn: WorkingOn = holder ?? { id: holderId ?? 0, full_name: 'another staff member' };
  return conflict(claimHeldMessage(workingOn.full_name), { working_on: workingOn });
}
