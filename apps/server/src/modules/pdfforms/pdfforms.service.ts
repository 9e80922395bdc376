import {
  FORM_FIELDS,
  type FormFieldModel,
  PDF_FORM_MSG,
  type PdfForm,
  type PdfFormDetail,
  type PdfFormInput,
  type PdfFormKind,
  type PdfFormMapping,
  SSN_FIELD,
} from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import type { pdfFormMappings } from '../../db/schema';
import { CONSTRAINT_MSG } from '../../lib/constraint-errors';
import { badRequest, notFound } from '../../lib/errors';
import { signedFileUrl } from '../files/files.download';
import { checkUploadRef } from '../files/files.refs';
import {
  deleteFormPages,
  deleteFormRow,
  deleteMappingRow,
  deleteSsnMappings,
  type FormRow,
  findForm,
  formMappings,
  formPages,
  insertForm,
  insertMapping,
  lockFormFirm,
  mappingById,
  pageOfForm,
  updateFormRow,
  updateMapping,
} from './pdfforms.queries';
import { applyPlan, BUCKET, plannedKeys, planPages, removeObjects, renderJobOf } from './pdfforms.render';

/**
 * PDF form templates: create, edit and delete a law firm's or a provider's form, render its
 * pages to images, and place, move and remove its field mappings. Internal staff only (the routes' rule).
 */

export function toPdfForm(row: NonNullable<FormRow>): PdfForm {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    company: row.companyId,
    company_name: row.companyName,
    provider: row.providerId,
    provider_name: row.providerName,
    include_ssn: row.includeSsn,
    page_count: row.pageCount,
    created_at: row.createdAt.toISOString(),
  };
}

const toMapping = (m: typeof pdfFormMappings.$inferSelect): PdfFormMapping => ({
  id: m.id,
  name: m.name,
  form: m.formId,
  page: m.pageId,
  position_x: m.positionX,
  position_y: m.positionY,
});

async function formOr404(db: DbOrTx, id: number) {
  const row = await findForm(db, id);
  if (!row) throw notFound();
  return row;
}

/** GET /api/home/pdfform/{id}/?related=mapping,pages: the form, its page images (signed links) and mappings. */
export async function formDetail(deps: AppDeps, auth: Auth, id: number): Promise<PdfFormDetail> {
  const row = await formOr404(deps.db, id);
  const [pages, mapping, renderJob] = await Promise.all([
    formPages(deps.db, id),
    formMappings(deps.db, id),
    renderJobOf(deps.db, id),
  ]);
  return {
    ...toPdfForm(row),
    pages: pages.map((p) => ({
      id: p.id,
      page_number: p.pageNumber,
      // Stable while the editor polls a rendering form: the pages already shown do not load again.
      image_url: signedFileUrl(
        deps,
        auth,
        p.imageUrl,
        { name: `${row.name} page ${p.pageNumber}.jpg` },
        { stable: true },
      ),
      width: p.width,
      height: p.height,
    })),
    mapping: mapping.map(toMapping),
    render_job: renderJob,
  };
}

function ownerOf(input: PdfFormInput) {
  const kind: PdfFormKind = input.company ? 'company' : 'provider';
  return { kind, companyId: input.company ?? null, providerId: input.provider ?? null };
}

/** A firm's form needs its firm, locked until the form is saved. */
async function requireFirm(tx: DbOrTx, companyId: number | null): Promise<void> {
  if (companyId !== null && !(await lockFormFirm(tx, companyId)))
    throw badRequest(CONSTRAINT_MSG.missingReference);
}

function checkPdfLink(auth: Auth, input: PdfFormInput, current?: string) {
  const error = checkUploadRef(auth, input.url, [current], BUCKET[ownerOf(input).kind]);
  if (error) throw badRequest(error, { url: error });
}

export async function createForm(deps: AppDeps, auth: Auth, input: PdfFormInput): Promise<PdfFormDetail> {
  checkPdfLink(auth, input);
  const owner = ownerOf(input);
  // Planned first: a PDF that cannot be read is refused before anything is written.
  const plan = await planPages(deps, owner.kind, input.url);
  const id = await deps.db
    .transaction(async (tx) => {
      await requireFirm(tx, owner.companyId);
      const created = await insertForm(tx, {
        name: input.name,
        url: input.url,
        includeSsn: input.include_ssn,
        ...owner,
      });
      await applyPlan(tx, created, plan);
      return created;
    })
    .catch(async (error) => {
      await removeObjects(deps, plannedKeys(plan));
      throw error;
    });
  return formDetail(deps, auth, id);
}

/** A new PDF replaces the pages and the mappings placed on them; the same PDF keeps them. */
export async function updateForm(deps: AppDeps, auth: Auth, id: number, input: PdfFormInput) {
  const current = await formOr404(deps.db, id);
  checkPdfLink(auth, input, current.url);
  const owner = ownerOf(input);
  const newPdf = input.url !== current.url;
  const oldImages = newPdf ? (await formPages(deps.db, id)).map((p) => p.imageUrl) : [];
  const plan = newPdf ? await planPages(deps, owner.kind, input.url) : undefined;
  await deps.db
    .transaction(async (tx) => {
      await requireFirm(tx, owner.companyId);
      await updateFormRow(tx, id, {
        name: input.name,
        url: input.url,
        includeSsn: input.include_ssn,
        ...owner,
      });
      if (!input.include_ssn) {
        await deleteSsnMappings(tx, id, SSN_FIELD);
      }
      if (plan) {
        await deleteFormPages(tx, id);
        await applyPlan(tx, id, plan);
      }
    })
    .catch(async (error) => {
      if (plan) await removeObjects(deps, plannedKeys(plan));
      throw error;
    });
  await removeObjects(deps, oldImages);
  return formDetail(deps, auth, id);
}

export async function deleteForm(deps: AppDeps, id: number) {
  await formOr404(deps.db, id);
  const images = (await formPages(deps.db, id)).map((p) => p.imageUrl);
  await deleteFormRow(deps.db, id);
  await removeObjects(deps, images);
  return { success: 'Deleted' };
}

/**
 * POST /convertPDFToJPG/{id}/: renders every page again and stores the images beside the form (a long
 * PDF in the background). Pages are matched by number, so the mappings placed on them stay; an
 * unreadable or password-protected PDF is refused before anything changes.
 */
export async function renderFormPages(deps: AppDeps, auth: Auth, id: number): Promise<PdfFormDetail> {
  const form = await formOr404(deps.db, id);
  const before = (await formPages(deps.db, id)).map((p) => p.imageUrl);
  const plan = await planPages(deps, form.kind, form.url);
  await deps.db.transaction((tx) => applyPlan(tx, id, plan));
  if ('inline' in plan) await removeObjects(deps, before);
  return formDetail(deps, auth, id);
}

/* Field mappings. */

export function formFields(model: FormFieldModel, includeSsn: boolean): [string, string][] {
  return FORM_FIELDS[model].filter(([name]) => includeSsn || `${model}.${name}` !== SSN_FIELD);
}

async function checkPlacement(db: DbOrTx, formId: number, pageId: number, name: string) {
  const form = await formOr404(db, formId);
  if (name === SSN_FIELD && !form.includeSsn)
    throw badRequest(PDF_FORM_MSG.ssnNotAllowed, { name: PDF_FORM_MSG.ssnNotAllowed });
  const page = await pageOfForm(db, formId, pageId);
  if (!page) throw badRequest(PDF_FORM_MSG.noPages, { page: 'Not a page of this form' });
}

export async function addMapping(
  db: DbOrTx,
  input: { name: string; form: number; page: number; position_x: number; position_y: number },
) {
  await checkPlacement(db, input.form, input.page, input.name);
  const row = await insertMapping(db, {
    name: input.name,
    formId: input.form,
    pageId: input.page,
    positionX: input.position_x,
    positionY: input.position_y,
  });
  return toMapping(row);
}

export async function moveMapping(
  db: DbOrTx,
  id: number,
  input: { position_x: number; position_y: number; name?: string },
) {
  const current = await mappingById(db, id);
  if (!current) throw notFound();
  if (input.name) await checkPlacement(db, current.formId, current.pageId, input.name);
  const row = await updateMapping(db, id, {
    positionX: input.position_x,
    positionY: input.position_y,
    name: input.name ?? current.name,
  });
  return toMapping(row);
}

export async function deleteMapping(db: DbOrTx, id: number) {
  const removed = await deleteMappingRow(db, id);
  if (!removed.length) throw notFound();
  return { success: 'Deleted' };
}
