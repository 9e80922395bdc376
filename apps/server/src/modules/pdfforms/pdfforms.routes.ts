import {
  FilledFormSchema,
  FORM_FIELD_MODELS,
  IdSchema,
  PdfFormDetailSchema,
  PdfFormInputSchema,
  PdfFormMappingInputSchema,
  PdfFormMappingMoveSchema,
  PdfFormMappingSchema,
  PdfFormSchema,
  pageSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { PageQuery, pageOf } from '../../lib/pagination';
import { writeDataToPdf } from './pdfforms.fill';
import { findForm, pageForms } from './pdfforms.queries';
import {
  addMapping,
  createForm,
  deleteForm,
  deleteMapping,
  formDetail,
  formFields,
  moveMapping,
  renderFormPages,
  toPdfForm,
  updateForm,
} from './pdfforms.service';

/**
 * PDF form templates (staff spec section 7): the form lists, a form with its pages and
 * mappings, rendering the pages, the fields a mapping can place, and the filled forms of a request.
 * Internal staff only: the forms and what they are filled with are the retrieval company's work.
 */
const IdParams = z.object({ id: IdSchema });
const yes = z
  .string()
  .max(10)
  .transform((v) => v.toLowerCase() === 'true')
  .optional();
const ListQuery = PageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  company: yes,
  provider: yes,
  name: z.string().trim().max(200).optional(),
}).strict();
const DetailQuery = z.object({ related: z.string().max(100).optional() }).strict();
const FieldsQuery = z.object({ form: IdSchema.optional() }).strict();
const Deleted = z.object({ success: z.string() });
const staffOnly = { access: 'internalStaff' as const };

export const pdfFormsRoutes: Module = (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/pdfform/',
    {
      config: staffOnly,
      schema: {
        querystring: ListQuery,
        response: {
          200: pageSchema(PdfFormSchema),
        },
      },
    },
    async (request) => {
      const { page, page_size, name, provider } = request.query;
      const { rows, total } = await pageForms(db, {
        kind: provider ? 'provider' : 'company',
        name,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return pageOf(request, rows.map(toPdfForm), total, page, page_size);
    },
  );

  app.post(
    '/api/home/pdfform/',
    { config: staffOnly, schema: { body: PdfFormInputSchema, response: { 200: PdfFormDetailSchema } } },
    async (request) => createForm(deps, requireAuth(request), request.body),
  );

  app.get(
    '/api/home/pdfform/:id/',
    {
      config: staffOnly,
      schema: { params: IdParams, querystring: DetailQuery, response: { 200: PdfFormDetailSchema } },
    },
    async (request) => formDetail(deps, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/home/pdfform/:id/',
    {
      config: staffOnly,
      schema: { params: IdParams, body: PdfFormInputSchema, response: { 200: PdfFormDetailSchema } },
    },
    async (request) => updateForm(deps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/home/pdfform/:id/delete/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: Deleted } } },
    async (request) => deleteForm(deps, request.params.id),
  );

  app.post(
    '/convertPDFToJPG/:id/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: PdfFormDetailSchema } } },
    async (request) => renderFormPages(deps, requireAuth(request), request.params.id),
  );

  for (const model of FORM_FIELD_MODELS) {
    app.get(
      `/api/home/${model}/fields/`,
      {
        config: staffOnly,
        schema: { querystring: FieldsQuery, response: { 200: z.array(z.tuple([z.string(), z.string()])) } },
      },
      async (request) => {
        const form = request.query.form === undefined ? undefined : await findForm(db, request.query.form);
        return formFields(model, Boolean(form?.includeSsn));
      },
    );
  }

  app.post(
    '/api/home/pdfformmapping/',
    {
      config: staffOnly,
      schema: { body: PdfFormMappingInputSchema, response: { 200: PdfFormMappingSchema } },
    },
    async (request) => addMapping(db, request.body),
  );

  app.post(
    '/api/home/pdfformmapping/:id/',
    {
      config: staffOnly,
      schema: { params: IdParams, body: PdfFormMappingMoveSchema, response: { 200: PdfFormMappingSchema } },
    },
    async (request) => moveMapping(db, request.params.id, request.body),
  );

  app.post(
    '/api/home/pdfformmapping/:id/delete/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: Deleted } } },
    async (request) => deleteMapping(db, request.params.id),
  );

  for (const kind of ['company', 'provider'] as const) {
    app.get(
      `/writeDataToPDF/:id/${kind}/`,
      { config: staffOnly, schema: { params: IdParams, response: { 200: FilledFormSchema } } },
      async (request) => writeDataToPdf(deps, requireAuth(request), request.params.id, kind),
    );
  }
};
