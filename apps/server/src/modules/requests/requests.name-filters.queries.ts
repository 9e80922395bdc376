import { ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { idIn } from '../../db/id-lists';
import { patients, providers, requests, users } from '../../db/schema';
import { containsPattern } from './requests.filter-kit';

/**
 * The request list's "name contains" filters: the name of the request's client, provider, paralegal or
 * requester, matched in that table's trigram index.
 */
interface NameFilter {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  /** The request's column holding the related row's id. */
  foreignKey: AnyPgColumn;
  /** Past this many matching names the request query keeps the EXISTS form (LISTED_MATCHES_CAP unless said). */
  listUpTo?: number;
}

const NAME_FILTERS = {
  patient__full_name__icontains: {
    table: patients,
    id: patients.id,
    name: patients.fullName,
    foreignKey: requests.patientId,
    /**
     * A common client name ('nguyen': 6,053 clients at a million requests) is listed too. With a rarer
     * filter beside it, EXISTS looked each client's requests up one by one (100–130 ms at p95); with the
     * ids, PostgreSQL walks the other filter's index checking each request's client in a hash (50–90 ms,
     * of which the look-up itself about 10 ms). Clients have their own index of requests
     * (requests_staff_patient_idx), which providers and users do not.
     */
    listUpTo: 10_000,
  },
  provider__name__icontains: {
    table: providers,
    id: providers.id,
    name: providers.name,
    foreignKey: requests.providerId,
  },
  user__full_name__icontains: {
    table: users,
    id: users.id,
    name: users.fullName,
    foreignKey: requests.userId,
  },
  requester__full_name__icontains: {
    table: users,
    id: users.id,
    name: users.fullName,
    foreignKey: requests.requesterId,
  },
} satisfies Record<string, NameFilter>;

export type NameFilterKey = keyof typeof NAME_FILTERS;

/** EXISTS (the related row's name contains `text`): one statement, for callers that cannot look first. */
export function nameMatches(key: NameFilterKey, text: string): SQL | undefined {
  const { table, id, name, foreignKey } = NAME_FILTERS[key];
  return text
    ? sql`exists (select 1 from ${table} where ${id} = ${foreignKey} and ${name} ilike ${containsPattern(text)})`
    : undefined;
}

/**
 * Past this many matching names (unless the filter says otherwise) the request query keeps the EXISTS form:
 * a broad name finds its page early in the newest-first walk, and the look-up stops after this many rows (a
 * longer list of provider or user ids would cost more to find and to plan with than it saves).
 */
export const LISTED_MATCHES_CAP = 1_000;

/**
 * A list filtered by a name that matches more than LISTED_MATCHES_CAP records, listed or not, counts its
 * requests no further than this (the screen shows '1,000+'): an exact count reads every request of thousands
 * of clients, which grows with the data, where stopping at a thousand reads a few hundred clients' entries.
 */
export const BROAD_NAME_COUNT_CAP = 1_000;

/**
 * How far the list counts: BROAD_NAME_COUNT_CAP for a name filter that matched more than LISTED_MATCHES_CAP
 * names (listedNameMatches left it out, or listed it in BROAD_LISTS) and for "new provider" (a few percent
 * of every request, which no index of the list's order narrows), else undefined (the list's usual cap).
 */
export function listCountCap(
  query: Record<string, unknown>,
  looked: Partial<Record<string, SQL>>,
): number | undefined {
  const broad = (Object.keys(NAME_FILTERS) as NameFilterKey[]).some(
    (key) =>
      typeof query[key] === 'string' &&
      query[key] !== '' &&
      (looked[key] === undefined || BROAD_LISTS.has(looked[key])),
  );
  return broad || query.new_provider === true ? BROAD_NAME_COUNT_CAP : undefined;
}

/** The conditions listedNameMatches made of more than LISTED_MATCHES_CAP names. */
const BROAD_LISTS = new WeakSet<SQL>();

/** Past this many unverified providers, "new provider" reads them in the statement itself. */
const LISTED_UNVERIFIED_CAP = 5_000;

/**
 * "New provider" (the same rule as the detail's notice, staffwork isNewProvider: flagged, or its provider
 * unverified) with the unverified providers looked up first, so PostgreSQL plans with how many requests
 * they hold: a newest-first page walks the list's index checking each provider id in a hash of them
 * (a few thousand index entries at a million requests) instead of reading every one of their requests.
 */
export async function listedNewProvider(
  db: DbOrTx,
  query: Record<string, unknown>,
): Promise<Partial<Record<'new_provider', SQL>>> {
  // "Not new provider" (nearly every request) walks the list's index with the hash of the filter itself.
  if (query.new_provider !== true) return {};
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(isNull(providers.verifiedAt))
    .limit(LISTED_UNVERIFIED_CAP + 1);
  if (rows.length > LISTED_UNVERIFIED_CAP) return {};
  const ids = rows.map((row) => row.id);
  const unverified = ids.length ? idIn(requests.providerId, ids) : sql`false`;
  return { new_provider: sql`(${requests.newProvider} or ${unverified})` };
}

/**
 * The list's name filters with their matches looked up first, as `foreign key = any(ids)`. PostgreSQL
 * then checks a request against a hash of the ids inside the ordering's index (requests_staff_created_idx
 * holds the four ids), where EXISTS looks each request's provider up: at a million requests, "mercy imag"
 * reads 6,386 index entries instead of 6,386 rows and 4,927 providers. It also plans with the real
 * matches: one client's few requests from its own index, a common name by walking the newest first.
 * Names matching nothing answer no request without reading any.
 */
export async function listedNameMatches(
  db: DbOrTx,
  query: Record<string, unknown>,
  cap?: number,
): Promise<Partial<Record<NameFilterKey, SQL>>> {
  const keys = (Object.keys(NAME_FILTERS) as NameFilterKey[]).filter(
    (key) => typeof query[key] === 'string' && query[key] !== '',
  );
  const found = await Promise.all(
    keys.map(async (key) => {
      const filter: NameFilter = NAME_FILTERS[key];
      const upTo = cap ?? filter.listUpTo ?? LISTED_MATCHES_CAP;
      const rows = await db
        .select({ id: filter.id })
        .from(filter.table)
        .where(ilike(filter.name, containsPattern(query[key] as string)))
        .limit(upTo + 1);
      if (rows.length > upTo) return [];
      const ids = rows.map((row) => row.id as number);
      const condition = ids.length ? idIn(filter.foreignKey, ids) : sql`false`;
      if (ids.length > LISTED_MATCHES_CAP) BROAD_LISTS.add(condition);
      return [[key, condition]] as const;
    }),
  );
  return Object.fromEntries(found.flat());
}
