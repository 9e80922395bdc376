import {
  COMPANY_MSG,
  CompanyBodySchema,
  CompanyDetailSchema,
  CompanyListItemSchema,
  CompanySavedSchema,
  CompanySchema,
  IdSchema,
  MSG,
  pageSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { PageQuery, pageOf } from '../../lib/pagination';
import { listCompanyRows, pageCompanyRows } from './companies.queries';
import {
  createCompany,
  deleteCompany,
  presentCompany,
  reachableCompany,
  updateCompany,
} from './companies.service';

/**
 * Companies (both specs, section 7): a company's details for its own users and the internal company,
 * the company list and creation for internal staff, editing for the firm's staff and internal staff,
 * deletion of an empty law firm for internal staff.
 */
const IdParams = z.object({ id: IdSchema });

const ListQuery = z
  .object({
    name: z.string().max(200).optional(),
    order_by: z.enum(['name', '-name']).default('name'),
  })
  .strict();

const PageListQuery = PageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  name: z.string().max(200).optional(),
}).strict();

const PageSchema = pageSchema(CompanyListItemSchema);

export const companiesRoutes: Module = (app, { db, config }) => {
  const ctx = { internalCompanyId: config.INTERNAL_COMPANY_ID };

  app.get(
    '/api/home/company/',
    {
      config: { access: 'internal' },
      schema: { querystring: ListQuery, response: { 200: z.array(CompanySchema) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await listCompanyRows(db, {
        name: request.query.name?.trim() || undefined,
        descending: request.query.order_by === '-name',
        internalCompanyId: ctx.internalCompanyId,
      });
      return rows.map((row) => presentCompany(row, auth, ctx));
    },
  );

  app.get(
    '/api/home/company/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, response: { 200: CompanyDetailSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await reachableCompany(db, auth, request.params.id);
      return [{ company: presentCompany(row, auth, ctx) }];
    },
  );

  app.post(
    '/api/home/company/',
    {
      config: { access: 'internalStaff' },
      schema: { body: CompanyBodySchema, response: { 200: CompanySavedSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await createCompany(db, auth, request.body);
      return { success: MSG.saved, id: row.id, company: presentCompany(row, auth, ctx) };
    },
  );

  app.post(
    '/api/home/company/:id/',
    {
      config: { access: 'companyStaff' },
      schema: { params: IdParams, body: CompanyBodySchema, response: { 200: CompanySavedSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await updateCompany(db, auth, request.params.id, request.body);
      return { success: MSG.saved, id: row.id, company: presentCompany(row, auth, ctx) };
    },
  );

  app.post(
    '/api/home/company/:id/delete/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, response: { 200: z.object({ success: z.string() }) } },
    },
    async (request) => {
      await deleteCompany(db, request.params.id, ctx);
      return { success: COMPANY_MSG.deleted };
    },
  );

  app.get(
    '/api/companies/',
    {
      config: { access: 'internal' },
      schema: { querystring: PageListQuery, response: { 200: PageSchema } },
    },
    async (request) => {
      const { page, page_size, name } = request.query;
      const { rows, total } = await pageCompanyRows(db, {
        name: name?.trim() || undefined,
        limit: page_size,
        offset: (page - 1) * page_size,
        internalCompanyId: ctx.internalCompanyId,
      });
      return pageOf(request, rows, total, page, page_size);
    },
  );
};
