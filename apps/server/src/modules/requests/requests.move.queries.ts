import { eq } from 'drizzle-orm';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { providers, requests } from '../../db/schema';

/** The statements of moving a request to another provider (requests.move.ts), internal staff code. */

/** Locks an active request of any firm for a change; false when there is none. */
export async function unsafeLockActiveRequest(db: DbOrTx, id: number): Promise<boolean> {
  const [request] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(unsafeActiveRequestById(id))
    .for('update', { of: requests });
  return Boolean(request);
}

/**
 * The provider's verification, its row KEY SHARE locked: it cannot be deleted (or merged away) before the
 * request points at it. Undefined when there is no such provider.
 */
export async function lockProviderToReference(
  db: DbOrTx,
  id: number,
): Promise<{ verifiedAt: Date | null } | undefined> {
  const [provider] = await db
    .select({ verifiedAt: providers.verifiedAt })
    .from(providers)
    .where(eq(providers.id, id))
    .for('key share');
  return provider;
}

/** Points a request locked by unsafeLockActiveRequest at another provider. */
export async function unsafeSetProvider(
  db: DbOrTx,
  id: number,
  change: { providerId: number; newProvider: boolean },
): Promise<void> {
  await db.update(requests).set(change).where(eq(requests.id, id));
}
