import { FEE_FIELDS, type FeeSettings } from '@dd/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceSettings } from '../../db/schema';

/** The fee settings: one row (id 1) every firm's fees are read from, in whole cents. */

const FEE_KEYS = {
  completed_documents_arrived: 'completedDocumentsArrived',
  completed_documents_unavailable: 'completedDocumentsUnavailable',
  closed_documents_arrived: 'closedDocumentsArrived',
  closed_documents_unavailable: 'closedDocumentsUnavailable',
  cancelled: 'cancelled',
  rush: 'rush',
  closed_originally_no_document: 'closedOriginallyNoDocument',
} as const;

/** The fee settings by API field, with the row's id and when it last changed; undefined when there is no row. */
export async function feeSettingsRow(db: DbOrTx) {
  const [row] = await db.select().from(priceSettings).where(eq(priceSettings.id, 1));
  if (!row) return undefined;
  const fees = Object.fromEntries(FEE_FIELDS.map((f) => [f, row[FEE_KEYS[f]]])) as FeeSettings;
  return { id: row.id, fees, updatedAt: row.updatedAt };
}

/** Writes the fee settings' row (inserted when there is none). */
export async function saveFeeSettingsRow(db: DbOrTx, fees: FeeSettings): Promise<void> {
  const values = Object.fromEntries(FEE_FIELDS.map((f) => [FEE_KEYS[f], fees[f]]));
  await db
    .insert(priceSettings)
    .values({ id: 1, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: priceSettings.id, set: { ...values, updatedAt: new Date() } });
}
