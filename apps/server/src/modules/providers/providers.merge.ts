import { MSG, PROVIDER_IN_USE_MESSAGE, PROVIDER_MERGE_SELF } from '@dd/shared';
import type { Db } from '../../db/client';
import { isStillReferenced } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  countRequestsOfProvider,
  deleteProviderRow,
  lockProvider,
  lockProvidersInOrder,
  moveToOtherProvider,
} from './providers.queries';

/**
 * Removing providers from the shared directory: delete (only when no request uses it) and merge
 * (move every request and PDF form to another provider, then delete), each in one transaction.
 */

export async function deleteProvider(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (!(await lockProvider(tx, id))) throw notFound();
      const used = await countRequestsOfProvider(tx, id);
      if (used > 0) throw conflict(PROVIDER_IN_USE_MESSAGE(used));
      await deleteProviderRow(tx, id);
    });
  } catch (error) {
    // A request added for this provider after the count still holds it through the foreign key.
    if (isStillReferenced(error)) {
      throw conflict(PROVIDER_IN_USE_MESSAGE(await countRequestsOfProvider(db, id)));
    }
    throw error;
  }
}

export async function mergeProvider(db: Db, id: number, into: number | null | undefined): Promise<number> {
  if (!into) throw badRequest(MSG.noProviderChosen, { into: MSG.noProviderChosen });
  if (into === id) throw badRequest(PROVIDER_MERGE_SELF, { into: PROVIDER_MERGE_SELF });
  return db.transaction(async (tx) => {
    // Lock both rows (in id order, so two opposite merges cannot deadlock) before moving anything.
    const locked = await lockProvidersInOrder(tx, [id, into]);
    if (!locked.some((row) => row.id === id)) throw notFound();
    const target = locked.find((row) => row.id === into);
    if (!target) {
      throw badRequest('The provider to merge into no longer exists.', {
        into: 'The provider to merge into no longer exists.',
      });
    }
    // The moved requests are 'new' exactly when the surviving provider still waits for verification.
    // Deleting the provider would cascade to its PDF forms: they move too, to belong to the survivor.
    const moved = await moveToOtherProvider(tx, id, { id: into, newProvider: target.verifiedAt === null });
    await deleteProviderRow(tx, id);
    return moved;
  });
}
