import { MSG, type ProviderMoveBody, type StaffRequest } from '@dd/shared';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { unsafeActiveRequestById } from '../../authz/scopes';
import type { Db } from '../../db/client';
import { providers, requests } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { refreshDeadline } from './requests.deadline';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

export const PROVIDER_GONE = 'That provider does not exist.';

/**
 * POST /api/home/request/{id}/ with {provider} alone (internal staff): the law-firm spec's provider
 * merge moves each request to the surviving provider this way, then deletes the old one. The request
 * is 'new provider' exactly when the provider it moves to still waits for staff to verify it (like
 * POST /api/home/provider/{id}/merge/, which moves them all at once).
 */
export async function moveToProvider(
  db: Db,
  auth: Auth,
  id: number,
  body: ProviderMoveBody,
): Promise<StaffRequest> {
  authorize(auth, 'request.staffWork');
  const into = body.provider;
  if (into === null) throw badRequest(MSG.noProviderChosen, { provider: MSG.noProviderChosen });
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(unsafeActiveRequestById(id))
      .for('update', { of: requests });
    if (!request) throw notFound();
    // KEY SHARE: the provider cannot be deleted (or merged away) before the request points at it.
    const [provider] = await tx
      .select({ verifiedAt: providers.verifiedAt })
      .from(providers)
      .where(eq(providers.id, into))
      .for('key share');
    if (!provider) throw badRequest(PROVIDER_GONE, { provider: PROVIDER_GONE });
    await tx
      .update(requests)
      .set({ providerId: into, newProvider: provider.verifiedAt === null })
      .where(eq(requests.id, id));
    // Another provider may be in another state, under other rules.
    await refreshDeadline(tx, id);
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['provider', 'working_on'] as const));
  return result;
}
