import { DEMO_LOGINS, DEMO_PASSWORD } from '@dd/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { checkedPasswordHashes, users } from '../db/schema';
import { sha256 } from '../lib/crypto';

/**
 * Demo accounts in a production database: the README's addresses, or any active account whose password
 * is the published demo password. Each distinct password hash is verified once (argon2 is slow on
 * purpose); hashes found to be another password are remembered by digest, so later starts skip them.
 */
export interface DemoAccount {
  id: number;
  companyId: number;
  email: string;
}

const DEMO_EMAILS = DEMO_LOGINS.map((l) => l.email.toLowerCase());
/** argon2 runs on libuv's thread pool (4 threads by default). */
const PARALLEL_VERIFIES = 4;

export async function findDemoAccounts(db: DbOrTx): Promise<DemoAccount[]> {
  const active = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.passwordHash)));
  const digests = new Map<string, string>();
  for (const u of active) digests.set(u.passwordHash!, sha256(u.passwordHash!));
  const known = await knownNotDemo(db, [...digests.values()]);
  const unchecked = [...digests.keys()].filter((h) => !known.has(digests.get(h)!));
  const demoHashes = new Set<string>();
  const notDemo: string[] = [];
  for (let i = 0; i < unchecked.length; i += PARALLEL_VERIFIES) {
    const batch = unchecked.slice(i, i + PARALLEL_VERIFIES);
    const results = await Promise.all(batch.map((h) => verifyPassword(h, DEMO_PASSWORD)));
    for (const [j, h] of batch.entries()) {
      if (results[j]) demoHashes.add(h);
      else notDemo.push(digests.get(h)!);
    }
  }
  for (let i = 0; i < notDemo.length; i += 1000)
    await db
      .insert(checkedPasswordHashes)
      .values(notDemo.slice(i, i + 1000).map((digest) => ({ digest })))
      .onConflictDoNothing();
  const byAddress = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(sql`lower(${users.email})`, DEMO_EMAILS)));
  const found = new Map<number, DemoAccount>(byAddress.map((u) => [u.id, u]));
  for (const u of active)
    if (demoHashes.has(u.passwordHash!))
      found.set(u.id, { id: u.id, companyId: u.companyId, email: u.email });
  return [...found.values()].sort((a, b) => a.email.localeCompare(b.email));
}

async function knownNotDemo(db: DbOrTx, digests: string[]): Promise<Set<string>> {
  if (digests.length === 0) return new Set();
  const rows = await db
    .select({ digest: checkedPasswordHashes.digest })
    .from(checkedPasswordHashes)
    // One JSON parameter, whatever the number of accounts (PostgreSQL takes at most 65,535 parameters).
    .where(
      sql`${checkedPasswordHashes.digest} in (select jsonb_array_elements_text(${JSON.stringify(digests)}::jsonb))`,
    );
  return new Set(rows.map((r) => r.digest));
}

/** What a production start prints when it refuses to run with demo accounts. */
export function demoAccountsRefusal(accounts: readonly DemoAccount[]): string {
  return [
    `Refusing to start in production: ${accounts.length} demo account(s) can sign in (a README address, or the published demo password):`,
    ...accounts.map((a) => `  ${a.email}`),
    'Deactivate them with `npm run admin -- deactivate-demo-accounts`, then start again (docs/deploy.md).',
  ].join('\n');
}
