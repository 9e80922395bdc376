import { and, eq, isNull } from 'drizzle-orm';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { requests, users } from '../../db/schema';

/** The statements of claiming a request (requests.claim.ts): internal staff code, which reaches every firm. */

/** Claims an active unclaimed request for `userId` in one conditional UPDATE; false when it is held or absent. */
export async function unsafeClaimIfUnclaimed(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const [won] = await db
    .update(requests)
    .set({ workingOnId: userId })
    .where(and(unsafeActiveRequestById(id), isNull(requests.workingOnId)))
    .returning({ id: requests.id });
  return Boolean(won);
}

/** Who holds an active request (null: nobody); undefined when there is no such request. */
export async function unsafeClaimHolder(
  db: DbOrTx,
  id: number,
): Promise<{ holder: number | null } | undefined> {
  const [row] = await db
    .select({ holder: requests.workingOnId })
    .from(requests)
    .where(unsafeActiveRequestById(id));
  return row;
}

/** unsafeClaimHolder with the request's row locked for the change. */
export async function unsafeLockClaimHolder(
  db: DbOrTx,
  id: number,
): Promise<{ holder: number | null } | undefined> {
  const [row] = await db
    .select({ holder: requests.workingOnId })
    .from(requests)
    .where(unsafeActiveRequestById(id))
    .for('update');
  return row;
}

/** Sets the claim of a request locked by unsafeLockClaimHolder. */
export async function unsafeSetClaim(db: DbOrTx, id: number, target: number | null): Promise<void> {
  await db.update(requests).set({ workingOnId: target }).where(eq(requests.id, id));
}

/** The assignee must be an active staff user of the caller's (the internal) company. */
export async function isActiveStaffOf(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
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

/** The holder of a claim, by id alone (a staff user of the internal company). */
export async function unsafeClaimHolderName(
  db: DbOrTx,
  userId: number,
): Promise<{ id: number; full_name: string } | undefined> {
  const [holder] = await db
    .select({ id: users.id, full_name: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return holder;
}
