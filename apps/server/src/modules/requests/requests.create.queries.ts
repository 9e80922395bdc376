import { and, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { providers, requests, users } from '../../db/schema';

/** The statements of submitting requests (requests.create.ts). */

/** The chosen providers that exist, with what the new request needs of them. */
export function providersToOrder(
  db: DbOrTx,
  ids: number[],
): Promise<{ id: number; name: string; verifiedAt: Date | null }[]> {
  return db
    .select({ id: providers.id, name: providers.name, verifiedAt: providers.verifiedAt })
    .from(providers)
    .where(inArray(providers.id, ids));
}

/** Inserts one request; its id and internal number. */
export async function insertRequest(
  db: DbOrTx,
  values: typeof requests.$inferInsert,
): Promise<{ id: number; internalNumber: string }> {
  const [row] = await db
    .insert(requests)
    .values(values)
    .returning({ id: requests.id, internalNumber: requests.internalNumber });
  return row;
}

/** The caller's own e-mail address, read in their firm. */
export async function requesterEmail(db: DbOrTx, auth: Auth): Promise<{ email: string }> {
  const [requester] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, auth.companyId), eq(users.id, auth.userId)));
  return requester;
}
