import type { Provider, ProviderLetter, ProviderListItem } from '@dd/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { pdfForms, providers } from '../../db/schema';

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
