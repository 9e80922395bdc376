import {
  AssignmentRowSchema,
  CARD_KEYS,
  ParalegalRowSchema,
  ProviderReportRowSchema,
  pageSchema,
  REPORT_REQUEST_ORDERINGS,
  ReportRequestSchema,
  ReportSubjectQuery,
  StaffReportSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { PageQuery, pageOf } from '../../lib/pagination';
import { readOnReplica } from '../../lib/read-replica';
import {
  assignmentTable,
  paralegalList,
  providerReport,
  reportRequests,
  staffReport,
} from './staff-reports.service';

/**
 * Staff reports (staff spec section 2): a subject's count cards, the requests behind a card,
 * the assignment table, the paralegal list and the provider report. Internal staff only.
 */
const ReportPage = PageQuery.extend({ page_size: z.coerce.number().int().min(1).max(100).default(10) });
const RequestsQuery = ReportSubjectQuery.extend(ReportPage.shape)
  .extend({
    card: z.enum(CARD_KEYS).default('all_requests'),
    order_by: z.enum(REPORT_REQUEST_ORDERINGS).default('-created_at'),
  })
  .strict();
const NamedPage = ReportPage.extend({ name: z.string().trim().max(200).optional() }).strict();

/** Every report here reads from the replica when there is one (decision 068). */
export const staffReportsRoutes: Module = (app, deps) => {
  const internalCompanyId = deps.config.INTERNAL_COMPANY_ID;

  app.get(
    '/api/reports/staff/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: ReportSubjectQuery.strict(), response: { 200: StaffReportSchema } },
    },
    async (request) =>
      readOnReplica(deps, request, (db) =>
        staffReport(db, requireAuth(request), request.query, { internalCompanyId }),
      ),
  );

  app.get(
    '/api/reports/staff/requests/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: RequestsQuery, response: { 200: pageSchema(ReportRequestSchema) } },
    },
    async (request) => {
      const { page, page_size, card, order_by, ...subject } = request.query;
      const { rows, total } = await readOnReplica(deps, request, (db) =>
        reportRequests(db, requireAuth(request), {
          subject,
          card,
          order_by,
          limit: page_size,
          offset: (page - 1) * page_size,
        }),
      );
      return pageOf(request, rows, total, page, page_size);
    },
  );

  app.get(
    '/api/reports/assignments/',
    {
      config: { access: 'internalStaff' },
      schema: { response: { 200: z.object({ results: z.array(AssignmentRowSchema) }) } },
    },
    async (request) => ({
      results: await readOnReplica(deps, request, (db) =>
        assignmentTable(db, requireAuth(request), { internalCompanyId }),
      ),
    }),
  );

  app.get(
    '/api/reports/paralegals/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: NamedPage, response: { 200: pageSchema(ParalegalRowSchema) } },
    },
    async (request) => {
      const { page, page_size, name } = request.query;
      const { rows, total } = await readOnReplica(deps, request, (db) =>
        paralegalList(db, requireAuth(request), {
          name,
          limit: page_size,
          offset: (page - 1) * page_size,
          internalCompanyId,
        }),
      );
      return pageOf(request, rows, total, page, page_size);
    },
  );

  app.get(
    '/api/reports/providers/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: NamedPage, response: { 200: pageSchema(ProviderReportRowSchema) } },
    },
    async (request) => {
      const { page, page_size, name } = request.query;
      const { rows, total } = await readOnReplica(deps, request, (db) =>
        providerReport(db, requireAuth(request), { name, limit: page_size, offset: (page - 1) * page_size }),
      );
      return pageOf(request, rows, total, page, page_size);
    },
  );
};
