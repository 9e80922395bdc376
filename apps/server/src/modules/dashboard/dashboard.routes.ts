import { DashboardInfoSchema, SiteSettingsSchema, TUTORIAL_VIDEOS } from '@dd/shared';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { pageOf } from '../../lib/pagination';
import { paymentsConfigured } from '../payments/stripe-client';
import { listCompanyClients } from './clients-panel.queries';
import {
  CompanyParams,
  DashboardInfoQuery,
  DownloadRecordsQuery,
  DownloadRequestQuery,
  ReadyFileList,
  ReadyFilesPage,
  RequestsCompanyQuery,
  RequestsCompanyResponse,
} from './dashboard.schemas';
import { assertClientOfCompany, dashboardScope, getDashboardInfo } from './dashboard.service';
import { listClientReadyFiles, listReadyFiles } from './downloads.queries';
import { listCompanyRequests, type RequestFilters } from './requests-company.queries';

/**
 * The law-firm dashboard (law-firm spec sections 2 and 7, 'Dashboard and files'): the requests list,
 * need-attention panel and clients panel (/api/requests-company/), the files ready to download
 * (/api/download-request/, /api/download-records/), the page heading and the tutorial video settings.
 */
function requestFilters(query: RequestsCompanyQuery): RequestFilters {
  return {
    openOnly: query.open_request === 'Yes',
    paralegalId: query.paralegal,
    clientId: query.client,
    providerId: query.provider,
    status: query.status,
    daysOld: query.days_old,
    deadlineStatus: query.deadline_status,
  };
}

export const dashboardRoutes: Module = (app, { db, config }) => {
  app.get(
    '/api/requests-company/:company_id/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: CompanyParams,
        querystring: RequestsCompanyQuery,
        response: { 200: RequestsCompanyResponse },
      },
    },
    async (request) => {
      const { query } = request;
      const scope = await dashboardScope(db, requireAuth(request), request.params.company_id, query.user);
      const window = { page: query.page, pageSize: query.page_size };
      const filters = requestFilters(query);
      if (query.return_patients === 'Yes') {
        const clients = await listCompanyClients(db, scope, filters, query.client_name || undefined, window);
        return pageOf(request, clients.results, clients.count, query.page, query.page_size);
      }
      const { count, results } = await listCompanyRequests(db, scope, filters, query.order_by, window);
      return pageOf(request, results, count, query.page, query.page_size);
    },
  );

  const readyFiles = (fromParams: boolean) =>
    app.get(
      fromParams ? '/api/download-request/:company_id/' : '/api/download-request/',
      {
        config: { access: 'authenticated' },
        schema: {
          ...(fromParams && { params: CompanyParams }),
          querystring: DownloadRequestQuery,
          response: { 200: ReadyFilesPage },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { page, page_size, user } = request.query;
        const companyId = fromParams ? (request.params as { company_id: number }).company_id : auth.companyId;
        const scope = await dashboardScope(db, auth, companyId, user);
        const { count, results } = await listReadyFiles(db, scope, { page, pageSize: page_size });
        return pageOf(request, results, count, page, page_size);
      },
    );
  readyFiles(true);
  readyFiles(false);

  app.get(
    '/api/download-records/:company_id/',
    {
      config: { access: 'authenticated' },
      schema: { params: CompanyParams, querystring: DownloadRecordsQuery, response: { 200: ReadyFileList } },
    },
    async (request) => {
      const { company_id } = request.params;
      const { client, user } = request.query;
      const scope = await dashboardScope(db, requireAuth(request), company_id, user);
      const [files] = await Promise.all([
        listClientReadyFiles(db, scope, client),
        assertClientOfCompany(db, company_id, client),
      ]);
      return files;
    },
  );

  app.get(
    '/api/dashboard-info/:company_id/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: CompanyParams,
        querystring: DashboardInfoQuery,
        response: { 200: DashboardInfoSchema },
      },
    },
    async (request) =>
      getDashboardInfo(db, requireAuth(request), request.params.company_id, request.query.user),
  );

  app.get(
    '/api/settings/',
    { config: { access: 'public' }, schema: { response: { 200: SiteSettingsSchema } } },
    async () => ({
      help_video_url: config.HELP_VIDEO_URL ?? TUTORIAL_VIDEOS.dashboard,
      request_video_url: config.REQUEST_VIDEO_URL ?? TUTORIAL_VIDEOS.request,
      pdf_form_video_url: config.PDF_FORM_VIDEO_URL ?? TUTORIAL_VIDEOS.pdfForm,
      geocoder: Boolean(config.GEOCODER_URL),
      payments: paymentsConfigured(config)
        ? {
            publishable_key: config.STRIPE_PUBLISHABLE_KEY as string,
            js_url: config.STRIPE_JS_URL,
            listing_plan_id: config.STRIPE_LISTING_PLAN_ID ?? null,
          }
        : null,
    }),
  );
};
