import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKeyScope } from '@dd/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../authz';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { clientIp } from '../lib/client-ip';
import { sha256 } from '../lib/crypto';
import { firmOfSecret, secretOfFirm } from '../lib/firm-secrets';
import { redactUrl } from '../lib/redact';

/**
 * API keys as credentials: making one, finding the caller behind one, and the audit line every call with
 * a key leaves. Keys are 256 random bits, so a plain SHA-256 is as strong as a slow password hash and
 * keeps the look-up one indexed read per call (decision 054). A key carries its firm after the prefix
 * (`ddk_<company id>.<secret>`, lib/firm-secrets.ts); a key made before that is found by its hash alone.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The API key the call came with, once it was found valid (null for every other caller). */
    apiKeyId: number | null;
  }
}

/** A fresh key of the firm: what the partner receives once, and what we keep. */
export function newApiKey(companyId: number): { key: string; hash: string; hint: string } {
  const secret = secretOfFirm(companyId);
  const key = `${API_KEY_PREFIX}${secret}`;
  // The prefix, the firm and the secret's first four characters: enough to tell a firm's keys apart.
  return { key, hash: sha256(key), hint: `${key.slice(0, key.indexOf('.') + 5)}…` };
}

export interface KeyCaller {
  keyId: number;
  scopes: ApiKeyScope[];
  /** The key's creator, as whom it acts: the firm, its visibility and who orders. */
  userId: number;
}

/**
 * The key's id, scopes and creator when it is unrevoked; `last_used_at` is written at most once a minute,
 * like a session's last sight. The caller itself is then read like a session's user (active, same firm).
 */
export function apiKeyLoader(db: Db) {
  const columns = {
    keyId: apiKeys.id,
    scopes: apiKeys.scopes,
    userId: apiKeys.createdById,
    companyId: apiKeys.companyId,
    stale: sql<boolean>`${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute'`,
  };
  const live = and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt));
  const ofFirm = db
    .select(columns)
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, sql.placeholder('cid')), live))
    .prepare('api_key_auth');
  const byHashAlone = db.select(columns).from(apiKeys).where(live).prepare('api_key_auth_before_firms');
  return async (key: string): Promise<(KeyCaller & { companyId: number }) | null> => {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
    const companyId = firmOfSecret(key.slice(API_KEY_PREFIX.length));
    const [row] = await (companyId === undefined
      ? byHashAlone.execute({ hash: sha256(key) })
      : ofFirm.execute({ hash: sha256(key), cid: companyId }));
    if (!row) return null;
    if (row.stale)
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(apiKeys.companyId, row.companyId), eq(apiKeys.id, row.keyId)));
    const known = new Set<string>(API_KEY_SCOPES);
    return { ...row, scopes: row.scopes.filter((s): s is ApiKeyScope => known.has(s)) };
  };
}

/** A key acts inside its own firm only, and never as a user of the retrieval company. */
export function keyAuthFits(auth: Auth | null, companyId: number): auth is Auth {
  return Boolean(auth && !auth.isInternal && auth.companyId === companyId);
}

/**
 * Every call made with a key, allowed or refused, in the audit trail: the key, its creator, the route, the
 * path (no query string) and the answer's status, before the answer leaves.
 */
export async function auditKeyCall(db: Db, request: FastifyRequest, status: number): Promise<void> {
  await recordAudit(db, {
    actorId: request.auth?.userId ?? null,
    action: 'api_key.call',
    details: {
      api_key_id: request.apiKeyId,
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: redactUrl(request.url),
      status,
    },
    ip: clientIp(request),
  });
}
