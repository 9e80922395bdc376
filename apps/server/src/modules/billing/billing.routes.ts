import {
  BillingAttachBodySchema,
  BillingCreateBodySchema,
  BillingListQuerySchema,
  BillingPaidBodySchema,
  BillingSchema,
  FeeSettingsBodySchema,
  FeeSettingsSchema,
  IdSchema,
  InvoiceCompanySchema,
  InvoiceFilterSchema,
  InvoiceLineBodySchema,
  InvoiceLineSchema,
  InvoicePageSchema,
  pageSchema,
  RequestInvoiceSchema,
} from '@dd/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { badRequest, notFound } from '../../lib/errors';
import { runWrite } from '../../lib/idempotency';
import { PageQuery, pageOf } from '../../lib/pagination';
import { readOnReplica } from '../../lib/read-replica';
import { attachmentHeader } from '../files/files.download';
import { offsetPage } from '../requests/offset-page';
import { billingPdf, invoiceCsv } from './billing.exports';
import {
  attachLines,
  billingById,
  billingTitles,
  createBilling,
  listBillings,
  setBillingPaid,
} from './billings.service';
import {
  feeSettingsAnswer,
  invoicePage,
  linesOfRequest,
  listInvoiceCompanies,
  openRequestLine,
  saveFeeSettings,
  saveRequestLine,
  updateLine,
} from './invoices.service';

/**
 * Invoices, fee settings and billings (staff spec sections 2, 3 and 7). Reading a company's
 * invoice and billings: internal staff, or that firm's own staff (another firm's answers 404). Changing
 * amounts and fees, billing and marking paid: internal administrators.
 */
const CompanyParams = z.object({ company_id: IdSchema });
const IdParams = z.object({ id: IdSchema });
const Paging = PageQuery.extend({ page_size: z.coerce.number().int().min(1).max(100).default(10) });
/** Up to 500 lines a page: the print view shows that many at once. */
const InvoiceQuery = PageQuery.extend({ page_size: z.coerce.number().int().min(1).max(500).default(50) })
  .extend(InvoiceFilterSchema.shape)
  .strict();
const CompaniesPage = pageSchema(InvoiceCompanySchema);
const BillingList = BillingListQuerySchema.extend({
  related: z.string().max(100).optional(),
  order_by: z.enum(['-created_at']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
}).strict();
const BillingPage = pageSchema(BillingSchema);
/** A generated download: never cached, saved under its name. */
const sendAttachment = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply
    .header('content-type', type)
    .header('content-disposition', attachmentHeader(name))
    .header('cache-control', 'no-store')
    .send(body);

/** The fee settings are one row; the spec calls it by its fixed id. */
const FEE_SETTINGS_ID = 1;

export const billingRoutes: Module = (app, { db, reader, mail, config }) => {
  app.get(
    '/api/invoices/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: Paging.strict(), response: { 200: CompaniesPage } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { rows, total } = await listInvoiceCompanies(db, config.INTERNAL_COMPANY_ID, {
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return pageOf(request, rows, total, page, page_size);
    },
  );

  app.get(
    '/api/invoices/:company_id/',
    {
      config: { access: 'companyStaff' },
      schema: { params: CompanyParams, querystring: InvoiceQuery, response: { 200: InvoicePageSchema } },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const result = await invoicePage(db, requireAuth(request), request.params.company_id, filter, {
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return { ...result, ...pageOf(request, result.results, result.count, page, page_size) };
    },
  );

  app.get(
    '/api/invoices/:company_id/csv/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: CompanyParams, querystring: InvoiceFilterSchema.strict() },
    },
    async (request, reply) => {
      // CSV exports read from the replica when there is one (decision 068).
      const { name, csv } = await readOnReplica({ db, reader }, request, (from) =>
        invoiceCsv(from, requireAuth(request), request.params.company_id, request.query),
      );
      return sendAttachment(reply, 'text/csv; charset=utf-8', name, csv);
    },
  );

  for (const url of ['/api/invoice_billing/:company_id', '/api/invoice_billing/:company_id/']) {
    app.get(
      url,
      {
        config: { access: 'companyStaff' },
        schema: { params: CompanyParams, response: { 200: z.record(z.string(), z.string()) } },
      },
      async (request) => billingTitles(db, requireAuth(request), request.params.company_id),
    );
  }

  app.get(
    '/api/home/price/:id/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, response: { 200: FeeSettingsSchema } },
    },
    async (request) => {
      if (request.params.id !== FEE_SETTINGS_ID) throw notFound();
      return feeSettingsAnswer(db);
    },
  );

  app.post(
    '/api/home/price/:id/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: IdParams, body: FeeSettingsBodySchema, response: { 200: FeeSettingsSchema } },
    },
    async (request) => {
      if (request.params.id !== FEE_SETTINGS_ID) throw notFound();
      return saveFeeSettings(db, requireAuth(request), request.body);
    },
  );

  app.get(
    '/api/home/invoice/',
    {
      config: { access: 'internalStaff' },
      schema: {
        querystring: z
          .object({ request: IdSchema, order_by: z.enum(['created_at', '-created_at']).optional() })
          .strict(),
        response: { 200: z.array(RequestInvoiceSchema) },
      },
    },
    async (request) => linesOfRequest(db, request.query.request, request.query.order_by === '-created_at'),
  );

  app.put(
    '/api/home/invoice/:id/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: IdParams, body: InvoiceLineBodySchema, response: { 200: InvoiceLineSchema } },
    },
    async (request) => {
      const { provider_cost, auto_added_surcharge } = request.body;
      if (provider_cost === undefined || auto_added_surcharge === undefined) {
        const fields = Object.fromEntries(
          Object.entries({ provider_cost, auto_added_surcharge })
            .filter(([, value]) => value === undefined)
            .map(([key]) => [key, 'Required']),
        );
        throw badRequest(`${Object.keys(fields).join(', ')}: Required`, fields);
      }
      return updateLine(db, requireAuth(request), request.params.id, { provider_cost, auto_added_surcharge });
    },
  );

  app.post(
    '/api/home/invoice/',
    {
      config: { access: 'internalAdmin' },
      schema: { body: InvoiceLineBodySchema, response: { 200: InvoiceLineSchema } },
    },
    async (request) => {
      const { request: requestId, provider_cost, auto_added_surcharge } = request.body;
      if (!requestId) throw badRequest('Say which request the line is for.', { request: 'Required' });
      if (provider_cost === undefined) {
        if (auto_added_surcharge !== undefined) {
          throw badRequest('provider_cost: Required', { provider_cost: 'Required' });
        }
        return openRequestLine(db, requireAuth(request), requestId);
      }
      return saveRequestLine(db, requireAuth(request), requestId, { provider_cost, auto_added_surcharge });
    },
  );

  app.get(
    '/api/home/billing/',
    {
      config: { access: 'companyStaff' },
      schema: { querystring: BillingList, response: { 200: BillingPage } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listBillings(db, requireAuth(request), {
        title: q.title || undefined,
        companyId: q.company__id,
        isPaid: q.is_paid === undefined ? undefined : q.is_paid.toLowerCase() === 'true',
        limit: q.limit,
        offset: q.offset,
      });
      return offsetPage(request.url, rows, total, q.limit, q.offset);
    },
  );

  app.get(
    '/api/home/billing/:id/',
    { config: { access: 'companyStaff' }, schema: { params: IdParams, response: { 200: BillingSchema } } },
    async (request) => billingById(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/home/billing/:id/pdf/',
    { config: { access: 'companyStaff' }, schema: { params: IdParams } },
    async (request, reply) => {
      const { name, pdf } = await billingPdf(
        db,
        requireAuth(request),
        request.params.id,
        config.INVOICE_PAYMENT_INSTRUCTIONS,
      );
      return sendAttachment(reply, 'application/pdf', name, Buffer.from(pdf));
    },
  );

  app.post(
    '/api/home/billing/',
    {
      config: { access: 'internalAdmin', idempotent: true },
      schema: { body: BillingCreateBodySchema, response: { 201: BillingSchema } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const answer = await runWrite(db, request, 201, (inTx) =>
        createBilling(inTx, mail, auth, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.put(
    '/api/home/billing/:id/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: IdParams, body: BillingAttachBodySchema, response: { 200: BillingSchema } },
    },
    async (request) => attachLines(db, requireAuth(request), request.params.id, request.body.invoices),
  );

  app.post(
    '/api/home/billing/:id/',
    {
      config: { access: 'internalAdmin' },
      schema: { params: IdParams, body: BillingPaidBodySchema, response: { 200: BillingSchema } },
    },
    async (request) => setBillingPaid(db, requireAuth(request), request.params.id, request.body),
  );
};
