import { API_KEY_MSG, type ApiKey, type ApiKeyCreateSchema, type ApiKeyScope } from '@dd/shared';
import type { z } from 'zod';
import { newApiKey } from '../../auth/api-key-auth';
import type { Auth } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import {
  type ApiKeyRow,
  apiKeyOfFirm,
  apiKeysOfFirm,
  insertApiKey,
  revokeApiKeyRow,
} from './apikeys.queries';

/**
 * Creating, listing and revoking a firm's API keys. Every query is scoped to the caller's firm, so another
 * firm's key is simply not found; creating and revoking are audited with the key's id.
 */
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toApiKey(row: ApiKeyRow): ApiKey {
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

/** The firm's keys, unrevoked first, newest first. */
export async function listApiKeys(db: DbOrTx, auth: Auth): Promise<ApiKey[]> {
  assertPerson(auth);
  const rows = await apiKeysOfFirm(db, auth);
  return rows.map(toApiKey);
}

export async function createApiKey(
  db: Db,
  auth: Auth,
  body: z.output<typeof ApiKeyCreateSchema>,
  ip: string | null,
): Promise<{ id: number; key: string }> {
  assertPerson(auth);
  const { key, hash, hint } = newApiKey(auth.companyId);
  return db.transaction(async (tx) => {
    const row = await insertApiKey(tx, auth, { name: body.name, scopes: body.scopes, keyHash: hash, hint });
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
    const current = await apiKeyOfFirm(tx, auth, id);
    if (!current) throw notFound();
    if (current.revokedAt) throw conflict(API_KEY_MSG.alreadyRevoked);
    const revoked = await revokeApiKeyRow(tx, auth, id);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'api_key.revoked',
      details: { api_key_id: id, name: current.name },
      ip,
    });
    return toApiKey({ ...current, revokedAt: revoked.revokedAt });
  });
}
