// SQL of a firm's API keys: every statement is limited to the caller's firm.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { sameFirm } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  hint: apiKeys.hint,
  createdAt: apiKeys.createdAt,
  createdById: apiKeys.createdById,
  createdByName: users.fullName,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export interface ApiKeyRow {
  id: number;
  name: string;
  scopes: string[];
  hint: string;
  createdAt: Date;
  createdById: number;
  createdByName: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

function selectKeys(db: DbOrTx, auth: Auth) {
  return db
    .select(columns)
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdById), sameFirm(users.companyId, apiKeys.companyId)))
    .where(eq(apiKeys.companyId, auth.companyId))
    .$dynamic();
}

/** The caller's firm's keys, unrevoked first, newest first. */
export function apiKeysOfFirm(db: DbOrTx, auth: Auth): Promise<ApiKeyRow[]> {
  return selectKeys(db, auth).orderBy(
    sql`${apiKeys.revokedAt} is not null`,
    desc(apiKeys.createdAt),
    desc(apiKeys.id),
  );
}

export async function apiKeyOfFirm(db: DbOrTx, auth: Auth, id: number): Promise<ApiKeyRow | undefined> {
  const [current] = await selectKeys(db, auth).where(
    and(eq(apiKeys.companyId, auth.companyId), eq(apiKeys.id, id)),
  );
  return current;
}

export async function insertApiKey(
  tx: DbOrTx,
  auth: Auth,
  key: { name: string; scopes: string[]; keyHash: string; hint: string },
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(apiKeys)
    .values({
      companyId: auth.companyId,
      name: key.name,
      scopes: key.scopes,
      keyHash: key.keyHash,
      hint: key.hint,
      createdById: auth.userId,
    })
    .returning({ id: apiKeys.id });
  return row;
}

/** Revokes the key now, by the caller; returns when it was revoked. */
export async function revokeApiKeyRow(
  tx: DbOrTx,
  auth: Auth,
  id: number,
): Promise<{ revokedAt: Date | null }> {
  const [revoked] = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedById: auth.userId })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, auth.companyId)))
    .returning({ revokedAt: apiKeys.revokedAt });
  return revoked;
}
