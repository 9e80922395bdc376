import { API_KEY_MSG, type ApiKey, type ApiKeyCreateSchema, type ApiKeyScope } from '@dd/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newApiKey } from '../../auth/api-key-auth';
import type { Auth } from '../../authz';
import { sameFirm } from '../../authz/scopes';
import type { Db, DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';

/**
 * Creating, listing and revoking a firm's API keys. Every query is scoped to the caller's firm, so another
 * firm's key is simply not found; creating and revoking are audited with the key's id.
 */
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

interface Row {
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

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    hint: row.hint,
    created: new Date(row.createdAt).toISOString(),
    created_by: { id: row.createdById, full_name: row.createdByName },
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

/** Keys manage keys never, whatever the route's rule says (the scope table already refuses them). */
function assertPerson(auth: Auth): void {
  if (auth.apiKeyId !== undefined || auth.isInternal) throw forbidden(API_KEY_MSG.firmsOnly);
}

function selectKeys(db: DbOrTx, auth: Auth) {
  return db
    .select(columns)
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdById), sameFirm(users.companyId, apiKeys.companyId)))
    .where(eq(apiKeys.companyId, auth.companyId))
    .$dynamic();
}

/** The firm's keys, unrevoked first, newest first. */
export async function listApiKeys(db: DbOrTx, auth: Auth): Promise<ApiKey[]> {
  assertPerson(auth);
  const rows = await selectKeys(db, auth).orderBy(
    sql`${apiKeys.revokedAt} is not null`,
    desc(apiKeys.createdAt),
    desc(apiKeys.id),
  );
  return rows.map(toApiKey);
}

export async function createApiKey(
  db: Db,
  auth: Auth,
  body: z.output<typeof ApiKeyCreateSchema>,
  ip: string | null,
): Promise<{ id: number; key: string }> {
  assertPerson(auth);
  const { key, hash, hint } = newApiKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: auth.companyId,
        name: body.name,
        scopes: body.scopes,
        keyHash: hash,
        hint,
        createdById: auth.userId,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'api_key.created',
      details: { api_key_id: row.id, name: body.name, scopes: body.scopes },
      ip,
    });
    return { id: row.id, key };
  });
}

export async function revokeApiKey(db: Db, auth: Auth, id: number, ip: string | null): Promise<ApiKey> {
  assertPerson(auth);
  return db.transaction(async (tx) => {
    const [current] = await selectKeys(tx, auth).where(
      and(eq(apiKeys.companyId, auth.companyId), eq(apiKeys.id, id)),
    );
    if (!current) throw notFound();
    if (current.revokedAt) throw conflict(API_KEY_MSG.alreadyRevoked);
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedById: auth.userId })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, auth.companyId)))
      .returning({ revokedAt: apiKeys.revokedAt });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'api_key.revoked',
      details: { api_key_id: id, name: current.name },
      ip,
    });
    return toApiKey({ ...current, revokedAt: revoked.revokedAt });
  });
}
