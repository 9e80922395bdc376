import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authorizationChecks } from '../../db/schema';

/**
 * A split copy of a request keeps staff's checklist of the same HIPAA form (the original, and its row, are
 * deleted by the split). "Names who may disclose it" was confirmed for the original's provider, so it
 * holds only for a copy to that same provider; for another provider staff confirm the form names it.
 */
export async function copyAuthorizationCheck(tx: Tx, from: number, to: number, sameProvider: boolean) {
  const [row] = await tx.select().from(authorizationChecks).where(eq(authorizationChecks.requestId, from));
  if (!row) return;
  await tx
    .insert(authorizationChecks)
    .values({ ...row, requestId: to, discloser: row.discloser && sameProvider });
}
