import type { Provider, ProviderLetter, ProviderListItem } from '@dd/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { pdfForms, providers, requests } from '../../db/schema';

/** SQL for the provider directory, which every firm shares (no tenant column). */
/** A provider as every call returns it (also used by the requests module). */
export const providerColumns = {
  id: providers.id,
  name: providers.name,
  email: providers.email,
  phone: providers.phone,
  fax: providers.fax,
  address_1: providers.address1,
  address_2: providers.address2,
  city: providers.city,
  state: providers.state,
  zip_code: providers.zipCode,
  notes: providers.notes,
  medical_request_url: providers.medicalRequestUrl,
  kind: providers.kind,
  max_authorization_age_days: providers.maxAuthorizationAgeDays,
};

const filled = (column: AnyPgColumn) => sql<boolean>`(coalesce(trim(${column}), '') <> '')`;

/** ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function letterCondition(letter: ProviderLetter): SQL {
  return letter === '0-9' ? sql`${providers.name} ~ '^[0-9]'` : ilike(providers.name, `${letter}%`);
}

export interface ProviderFilter {
  name?: string;
  startsWith?: ProviderLetter;
  ids?: number[];
  descending?: boolean;
  limit: number;
  offset: number;
}

export function listProviderRows(db: DbOrTx, filter: ProviderFilter): Promise<Provider[]> {
  return db
    .select(providerColumns)
    .from(providers)
    .where(
      and(
        filter.name ? ilike(providers.name, containsPattern(filter.name)) : undefined,
        filter.startsWith ? letterCondition(filter.startsWith) : undefined,
        filter.ids ? inArray(providers.id, filter.ids) : undefined,
      ),
    )
    .orderBy(filter.descending ? desc(providers.name) : asc(providers.name), asc(providers.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function findProvider(db: DbOrTx, id: number): Promise<Provider | undefined> {
  const [row] = await db.select(providerColumns).from(providers).where(eq(providers.id, id));
  return row;
}

/** The provider whose name equals `name` ignoring case, outer spaces and repeated inner spaces. */
export async function findProviderByName(
  db: DbOrTx,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(
      and(
        sql`regexp_replace(lower(trim(${providers.name})), '\\s+', ' ', 'g') = lower(${name})`,
        exceptId === undefined ? undefined : ne(providers.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** One page of /providerList/, with what each provider has on file computed in SQL. */
export async function pageProviderRows(
  db: DbOrTx,
  filter: { name?: string; limit: number; offset: number },
): Promise<{ rows: ProviderListItem[]; total: number }> {
  const where = filter.name ? ilike(providers.name, containsPattern(filter.name)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...providerColumns,
        has_email: filled(providers.email),
        has_phone_number: filled(providers.phone),
        // Qualified by hand: drizzle leaves select-list columns unqualified, which a subquery would capture.
        has_form: sql<boolean>`(${filled(providers.medicalRequestUrl)} or exists (
          select 1 from ${pdfForms} pf where pf.provider_id = ${providers}.id))`,
      })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.name), asc(providers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(providers).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      has_email: Boolean(r.has_email),
      has_phone_number: Boolean(r.has_phone_number),
      has_form: Boolean(r.has_form),
    })),
    total,
  };
}

type ProviderColumns = Omit<typeof providers.$inferInsert, 'id' | 'verifiedAt'>;

/** Inserts a provider; its id. */
export async function insertProvider(
  db: DbOrTx,
  values: ProviderColumns & { verifiedAt: Date | null },
): Promise<number> {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  return row.id;
}

export async function setProviderColumns(
  db: DbOrTx,
  id: number,
  values: Partial<ProviderColumns>,
): Promise<void> {
  await db.update(providers).set(values).where(eq(providers.id, id));
}

/** Marks the provider verified, keeping the first time; that time, or undefined when there is no such provider. */
export async function markProviderVerified(db: DbOrTx, id: number): Promise<Date | null | undefined> {
  const [row] = await db
    .update(providers)
    .set({ verifiedAt: sql`coalesce(${providers.verifiedAt}, now())` })
    .where(eq(providers.id, id))
    .returning({ verifiedAt: providers.verifiedAt });
  return row?.verifiedAt;
}

/**
 * Clears the 'new provider' flag of the provider's requests, in every firm (the directory is shared);
 * how many changed.
 */
export async function clearNewProviderFlags(db: DbOrTx, providerId: number): Promise<number> {
  const cleared = await db
    .update(requests)
    .set({ newProvider: false })
    .where(and(eq(requests.providerId, providerId), eq(requests.newProvider, true)))
    .returning({ id: requests.id });
  return cleared.length;
}

/** Locks the provider's row; false when there is no such provider. */
export async function lockProvider(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.id, id))
    .for('update');
  return Boolean(row);
}

/** How many requests, of every firm, use the provider. */
export async function countRequestsOfProvider(db: DbOrTx, providerId: number): Promise<number> {
  const [{ used }] = await db
    .select({ used: count() })
    .from(requests)
    .where(eq(requests.providerId, providerId));
  return used;
}

export async function deleteProviderRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(providers).where(eq(providers.id, id));
}

/** Locks the providers' rows in id order (so two opposite merges cannot deadlock); those that exist. */
export function lockProvidersInOrder(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: providers.id, verifiedAt: providers.verifiedAt })
    .from(providers)
    .where(inArray(providers.id, ids))
    .orderBy(asc(providers.id))
    .for('update');
}

/** Points every request (of every firm) and PDF form of one provider at another; how many requests moved. */
export async function moveToOtherProvider(
  db: DbOrTx,
  from: number,
  into: { id: number; newProvider: boolean },
): Promise<number> {
  const moved = await db
    .update(requests)
    .set({ providerId: into.id, newProvider: into.newProvider })
    .where(eq(requests.providerId, from))
    .returning({ id: requests.id });
  await db.update(pdfForms).set({ providerId: into.id }).where(eq(pdfForms.providerId, from));
  return moved.length;
}
