import { MSG, PROVIDER_IN_USE_MESSAGE, PROVIDER_MERGE_SELF } from '@dd/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pdfForms, providers, requests } from '../../db/schema';
import { isStillReferenced } from '../../lib/constraint-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';

/**
 * Removing providers from the shared directory: delete (only when no request uses it) and merge
 * (move every request and PDF form to another provider, then delete), each in one transaction.
 */

export async function deleteProvider(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: providers.id })
        .from(providers)
        .where(eq(providers.id, id))
        .for('update');
      if (!row) throw notFound();
      const [{ used }] = await tx.select({ used: count() }).from(requests).where(eq(requests.providerId, id));
      if (used > 0) throw conflict(PROVIDER_IN_USE_MESSAGE(used));
      await tx.delete(providers).where(eq(providers.id, id));
    });
  } catch (error) {
    // A request added for this provider after the count still holds it through the foreign key.
    if (isStillReferenced(error)) {
      const [{ used }] = await db.select({ used: count() }).from(requests).where(eq(requests.providerId, id));
      throw conflict(PROVIDER_IN_USE_MESSAGE(used));
    }
    throw error;
  }
}

export async function mergeProvider(db: Db, id: number, into: number | null | undefined): Promise<number> {
  if (!into) throw badRequest(MSG.noProviderChosen, { into: MSG.noProviderChosen });
  if (into === id) throw badRequest(PROVIDER_MERGE_SELF, { into: PROVIDER_MERGE_SELF });
  return db.transaction(async (tx) => {
    // Lock both rows (in id order, so two opposite merges cannot deadlock) before moving anything.
    const locked = await tx
      .select({ id: providers.id, verifiedAt: providers.verifiedAt })
      .from(providers)
      .where(inArray(providers.id, [id, into]))
      .orderBy(asc(providers.id))
      .for('update');
    if (!locked.some((row) => row.id === id)) throw notFound();
    const target = locked.find((row) => row.id === into);
    if (!target) {
      throw badRequest('The provider to merge into no longer exists.', {
        into: 'The provider to merge into no longer exists.',
      });
    }
    // The moved requests are 'new' exactly when the surviving provider still waits for verification.
    const moved = await tx
      .update(requests)
      .set({ providerId: into, newProvider: target.verifiedAt === null })
      .where(eq(requests.providerId, id))
      .returning({ id: requests.id });
    // Deleting the provider would cascade to its PDF forms; they belong to the surviving provider now.
    await tx.update(pdfForms).set({ providerId: into }).where(eq(pdfForms.providerId, id));
    await tx.delete(providers).where(eq(providers.id, id));
    return moved.length;
  });
}
