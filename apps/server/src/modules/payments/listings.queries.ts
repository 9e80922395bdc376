// SQL of the kit's listings (crashpads) and subscriptions: each belongs to the user who made it.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { crashpads, subscriptions, users } from '../../db/schema';

export type CrashpadRow = typeof crashpads.$inferSelect;
type CrashpadFields = Partial<
  Omit<typeof crashpads.$inferInsert, 'id' | 'companyId' | 'userId' | 'createdAt'>
>;

export async function callerEmail(db: DbOrTx, auth: Auth): Promise<{ email: string } | undefined> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.companyId, auth.companyId)));
  return user;
}

/** Stores the caller's subscription (once: a retried call adds nothing). */
export async function insertSubscription(
  db: DbOrTx,
  auth: Auth,
  subscription: { id: string; planId: string; status: string },
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({
      id: subscription.id,
      companyId: auth.companyId,
      userId: auth.userId,
      planId: subscription.planId,
      status: subscription.status,
    })
    .onConflictDoNothing();
}

/** The caller's latest 200 listings, newest first. */
export function crashpadsOfCaller(db: DbOrTx, auth: Auth): Promise<CrashpadRow[]> {
  return db
    .select()
    .from(crashpads)
    .where(and(eq(crashpads.companyId, auth.companyId), eq(crashpads.userId, auth.userId)))
    .orderBy(desc(crashpads.createdAt), desc(crashpads.id))
    .limit(200);
}

export async function crashpadOfCaller(db: DbOrTx, auth: Auth, id: number): Promise<CrashpadRow | undefined> {
  const [row] = await db
    .select()
    .from(crashpads)
    .where(
      and(eq(crashpads.id, id), eq(crashpads.companyId, auth.companyId), eq(crashpads.userId, auth.userId)),
    );
  return row;
}

export async function insertCrashpad(
  db: DbOrTx,
  auth: Auth,
  fields: CrashpadFields & { title: string },
): Promise<CrashpadRow> {
  const [row] = await db
    .insert(crashpads)
    .values({ ...fields, companyId: auth.companyId, userId: auth.userId })
    .returning();
  return row;
}

type OwnedCrashpad = Pick<CrashpadRow, 'id' | 'companyId'>;
const crashpadIs = (listing: OwnedCrashpad) =>
  and(eq(crashpads.companyId, listing.companyId), eq(crashpads.id, listing.id));

/** Updates a listing the caller was found to own. */
export async function updateCrashpadRow(
  db: DbOrTx,
  listing: OwnedCrashpad,
  fields: CrashpadFields,
): Promise<CrashpadRow> {
  const [row] = await db.update(crashpads).set(fields).where(crashpadIs(listing)).returning();
  return row;
}

/** The caller's subscription with this id, if it is live (one of `statuses`). */
export async function liveSubscriptionOfCaller(
  db: DbOrTx,
  auth: Auth,
  id: string,
  statuses: string[],
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.companyId, auth.companyId),
        eq(subscriptions.id, id),
        eq(subscriptions.userId, auth.userId),
        inArray(subscriptions.status, statuses),
      ),
    );
  return row;
}

/** Deletes a listing the caller was found to own. */
export async function deleteCrashpadRow(db: DbOrTx, listing: OwnedCrashpad): Promise<void> {
  await db.delete(crashpads).where(crashpadIs(listing));
}
