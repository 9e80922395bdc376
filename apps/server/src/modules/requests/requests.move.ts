import { MSG, type ProviderMoveBody, type StaffRequest } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { refreshDeadline } from './requests.deadline';
import { lockProviderToReference, unsafeLockActiveRequest, unsafeSetProvider } from './requests.move.queries';
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
    if (!(await unsafeLockActiveRequest(tx, id))) throw notFound();
    const provider = await lockProviderToReference(tx, into);
    if (!provider) throw badRequest(PROVIDER_GONE, { provider: PROVIDER_GONE });
    await unsafeSetProvider(tx, id, { providerId: into, newProvider: provider.verifiedAt === null });
    // Another provider may be in another state, under other rules.
    await refreshDeadline(tx, id);
  });
  const rows = await unsafeRequestRowsByIds(db, [id]);
  const [result] = await withRelated(db, rows, new Set(['provider', 'working_on'] as const));
  return result;
}
