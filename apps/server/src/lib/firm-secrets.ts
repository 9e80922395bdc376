import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { randomToken, sha256 } from './crypto';

/**
 * Secrets handed out in tokens and links (refresh tokens, single-use links, signing links, API keys) carry
 * their firm before the random part: `<company id>.<secret>`. Finding one then names the firm, as the access
 * token's `cid` does, so a database sharded by firm reads one shard (docs/scale.md, decision 077). Only the
 * whole secret's SHA-256 is stored: the same random part under another firm's number is simply unknown.
 * A secret issued before secrets carried their firm has no number and is found by its hash alone.
 */
export function secretOfFirm(companyId: number): string {
  return `${companyId}.${randomToken()}`;
}

/** Company ids are PostgreSQL integers: a larger number in a made-up secret must not reach a query. */
const LARGEST_ID = 2_147_483_647;

/** The firm a secret names, if it names one. */
export function firmOfSecret(secret: string): number | undefined {
  const digits = /^(\d{1,10})\./.exec(secret)?.[1];
  const firm = digits === undefined ? 0 : Number(digits);
  return firm > 0 && firm <= LARGEST_ID ? firm : undefined;
}

/** SQL condition: the row (its firm and hash columns) is the presented secret's. */
export function isSecret(row: { companyId: AnyPgColumn; hash: AnyPgColumn }, secret: string): SQL {
  const firm = firmOfSecret(secret);
  return and(firm === undefined ? undefined : eq(row.companyId, firm), eq(row.hash, sha256(secret))) as SQL;
}
