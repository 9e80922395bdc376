import type { PdfFormKind } from '@dd/shared';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, pdfFormMappings, pdfFormPages, pdfForms, providers } from '../../db/schema';
import { containsPattern } from '../requests/requests.filter-kit';

/** PDF form rows with their owner's name and page count, a page of them, or one with pages and mappings. */

const formColumns = {
  id: pdfForms.id,
  name: pdfForms.name,
  kind: pdfForms.kind,
  url: pdfForms.url,
  companyId: pdfForms.companyId,
  companyName: companies.name,
  providerId: pdfForms.providerId,
  providerName: providers.name,
  includeSsn: pdfForms.includeSsn,
  createdAt: pdfForms.createdAt,
  pageCount: sql<number>`(select count(*)::int from ${pdfFormPages} p where p.form_id = ${pdfForms}.id)`,
};
export type FormRow = Awaited<ReturnType<typeof findForm>>;

const withOwners = (db: DbOrTx) =>
  db
    .select(formColumns)
    .from(pdfForms)
    .leftJoin(companies, eq(companies.id, pdfForms.companyId))
    .leftJoin(providers, eq(providers.id, pdfForms.providerId));

export async function pageForms(
  db: DbOrTx,
  query: { kind: PdfFormKind; name?: string; limit: number; offset: number },
) {
  const where = and(
    eq(pdfForms.kind, query.kind),
    query.name ? ilike(pdfForms.name, containsPattern(query.name)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    withOwners(db)
      .where(where)
      .orderBy(asc(pdfForms.name), asc(pdfForms.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(pdfForms).where(where),
  ]);
  return { rows, total };
}

export async function findForm(db: DbOrTx, id: number) {
  const [row] = await withOwners(db).where(eq(pdfForms.id, id));
  return row;
}

/** The newest form of a law firm or a provider: the one a request's forms are filled from. */
export async function newestFormOf(db: DbOrTx, owner: SQL) {
  const [row] = await withOwners(db)
    .where(owner)
    .orderBy(desc(pdfForms.createdAt), desc(pdfForms.id))
    .limit(1);
  return row;
}

export const formPages = (db: DbOrTx, formId: number) =>
  db.select().from(pdfFormPages).where(eq(pdfFormPages.formId, formId)).orderBy(asc(pdfFormPages.pageNumber));

export const formMappings = (db: DbOrTx, formId: number) =>
  db
    .select()
    .from(pdfFormMappings)
    .where(eq(pdfFormMappings.formId, formId))
    .orderBy(asc(pdfFormMappings.id));
