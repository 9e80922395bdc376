import type { PdfFormKind } from '@dd/shared';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  jobs,
  patients,
  pdfFormMappings,
  pdfFormPages,
  pdfForms,
  providers,
  requests,
} from '../../db/schema';
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

/** The newest form of the request's law firm or provider: the one a request's forms are filled from. */
export async function newestFormOf(
  db: DbOrTx,
  kind: PdfFormKind,
  request: { companyId: number; providerId: number | null },
) {
  const owner =
    kind === 'company'
      ? eq(pdfForms.companyId, request.companyId)
      : eq(pdfForms.providerId, request.providerId ?? 0);
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

type FormValues = typeof pdfForms.$inferInsert;
type MappingValues = typeof pdfFormMappings.$inferInsert;

/** Answers the new form's id. */
export async function insertForm(tx: DbOrTx, values: FormValues): Promise<number> {
  const [created] = await tx.insert(pdfForms).values(values).returning({ id: pdfForms.id });
  return created.id;
}

export async function updateFormRow(tx: DbOrTx, id: number, values: FormValues): Promise<void> {
  await tx.update(pdfForms).set(values).where(eq(pdfForms.id, id));
}

/**
 * Locks the firm a form is saved for, as a key into companies would (its forms carry none: see the schema),
 * so the firm cannot be deleted meanwhile; false when there is no such firm.
 */
export async function lockFormFirm(tx: DbOrTx, companyId: number): Promise<boolean> {
  const [firm] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('key share');
  return Boolean(firm);
}

/** A deleted firm's own forms go with it (their pages and mappings by their keys). */
export async function deleteFormsOfFirm(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.delete(pdfForms).where(eq(pdfForms.companyId, companyId));
}

export async function deleteFormRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pdfForms).where(eq(pdfForms.id, id));
}

/** The form row alone (no owners), for the rendering job. */
export async function formRowById(db: DbOrTx, id: number) {
  const [form] = await db.select().from(pdfForms).where(eq(pdfForms.id, id));
  return form;
}

/** The form's PDF key, its row locked for update. */
export async function formUrlForUpdate(tx: DbOrTx, id: number) {
  const [current] = await tx
    .select({ url: pdfForms.url })
    .from(pdfForms)
    .where(eq(pdfForms.id, id))
    .for('update');
  return current;
}

export async function deleteSsnMappings(tx: DbOrTx, formId: number, ssnField: string): Promise<void> {
  await tx
    .delete(pdfFormMappings)
    .where(and(eq(pdfFormMappings.formId, formId), eq(pdfFormMappings.name, ssnField)));
}

export async function deleteFormPages(tx: DbOrTx, formId: number): Promise<void> {
  await tx.delete(pdfFormPages).where(eq(pdfFormPages.formId, formId));
}

/** Pages matched by number (mappings on a page stay with it); pages beyond the new count go. */
export async function replaceFormPages(
  tx: DbOrTx,
  formId: number,
  pages: { pageNumber: number; key: string; width: number; height: number }[],
): Promise<void> {
  for (const page of pages) {
    const values = { imageUrl: page.key, width: page.width, height: page.height };
    await tx
      .insert(pdfFormPages)
      .values({ formId, pageNumber: page.pageNumber, ...values })
      .onConflictDoUpdate({ target: [pdfFormPages.formId, pdfFormPages.pageNumber], set: values });
  }
  const numbers = pages.map((p) => p.pageNumber);
  await tx
    .delete(pdfFormPages)
    .where(
      and(
        eq(pdfFormPages.formId, formId),
        numbers.length ? notInArray(pdfFormPages.pageNumber, numbers) : undefined,
      ),
    );
}

/** The id of the form's page `pageId`, when it is one. */
export async function pageOfForm(db: DbOrTx, formId: number, pageId: number) {
  const [page] = await db
    .select({ id: pdfFormPages.id })
    .from(pdfFormPages)
    .where(and(eq(pdfFormPages.id, pageId), eq(pdfFormPages.formId, formId)));
  return page;
}

export async function insertMapping(db: DbOrTx, values: MappingValues) {
  const [row] = await db.insert(pdfFormMappings).values(values).returning();
  return row;
}

export async function mappingById(db: DbOrTx, id: number) {
  const [current] = await db.select().from(pdfFormMappings).where(eq(pdfFormMappings.id, id));
  return current;
}

export async function updateMapping(
  db: DbOrTx,
  id: number,
  values: { positionX: number; positionY: number; name: string },
) {
  const [row] = await db.update(pdfFormMappings).set(values).where(eq(pdfFormMappings.id, id)).returning();
  return row;
}

/** Answers the ids removed (none when there was no such mapping). */
export function deleteMappingRow(db: DbOrTx, id: number) {
  return db.delete(pdfFormMappings).where(eq(pdfFormMappings.id, id)).returning({ id: pdfFormMappings.id });
}

/** Removes the finished (done or failed) jobs under `key`. */
export async function deleteFinishedJobs(tx: DbOrTx, key: string): Promise<void> {
  await tx.delete(jobs).where(and(eq(jobs.key, key), inArray(jobs.status, ['done', 'failed'])));
}

/** The newest job under `key` that is not done. */
export async function newestUnfinishedJob(db: DbOrTx, key: string) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.key, key), sql`${jobs.status} <> 'done'`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return job;
}

/** The request with its client, law firm and provider, whole rows, for filling a form. */
export async function requestWithParties(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({ request: requests, patient: patients, provider: providers, company: companies })
    .from(requests)
    .innerJoin(patients, eq(patients.id, requests.patientId))
    .innerJoin(companies, eq(companies.id, requests.companyId))
    .leftJoin(providers, eq(providers.id, requests.providerId))
    .where(eq(requests.id, requestId));
  return row;
}

/** A provider's form and one page row, whole rows, straight into the database (tests' fixtures). */
export async function insertFormWithPage(db: DbOrTx, form: FormValues, imageUrl: (formId: number) => string) {
  const [formRow] = await db.insert(pdfForms).values(form).returning();
  const [page] = await db
    .insert(pdfFormPages)
    .values({ formId: formRow.id, pageNumber: 1, imageUrl: imageUrl(formRow.id) })
    .returning();
  return { form: formRow, page };
}
