import {
  CertificationUploadSchema,
  IdSchema,
  NoRecordsBodySchema,
  OutcomeResultSchema,
  RejectBodySchema,
  RequestOutcomeSchema,
  ResendBodySchema,
  StaleRequestListSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { EmptyBodySchema } from '../../lib/empty-body';
import { attachmentHeader } from '../files/files.download';
import { certificationTemplate, deliverCertification } from './outcomes.certification';
import { markNoRecordsFound, rejectRequest, resendRequest } from './outcomes.service';
import { answerStale, getOutcome, listStale } from './outcomes.stale';

/**
 * When a provider has nothing to send (decision 058): staff mark 'No Records Found' (with its
 * certification: the form to sign, then the signed copy delivered) or 'Request Rejected' with its reason,
 * and resend once fixed; the firm reads the outcome and answers the stale-request offer.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();
const result = { 200: OutcomeResultSchema };

export const outcomesRoutes: Module = (app, { db, mail, storage }) => {
  app.post(
    '/api/home/request/:id/no_records/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: NoRecordsBodySchema, response: result },
    },
    async (request) =>
      markNoRecordsFound({ db, mail }, requireAuth(request), request.params.id, request.body),
  );
  app.get(
    '/api/home/request/:id/no_records/certification/',
    { config: { access: 'internalStaff' }, schema: { params: Params, querystring: NoQuery } },
    async (request, reply) => {
      const { name, pdf } = await certificationTemplate(db, requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(name))
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
  app.post(
    '/api/home/request/:id/no_records/certification/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: CertificationUploadSchema, response: result },
    },
    async (request) =>
      deliverCertification(
        { db, mail, storage },
        requireAuth(request),
        request.params.id,
        request.body,
        clientIp(request),
      ),
  );
  app.post(
    '/api/home/request/:id/reject/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: RejectBodySchema, response: result },
    },
    async (request) => rejectRequest({ db, mail }, requireAuth(request), request.params.id, request.body),
  );
  app.post(
    '/api/home/request/:id/resend/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: ResendBodySchema, response: result },
    },
    async (request) => resendRequest({ db, mail }, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/home/request/:id/outcome/',
    {
      config: { access: 'authenticated' },
      schema: { params: Params, querystring: NoQuery, response: { 200: RequestOutcomeSchema } },
    },
    async (request) => getOutcome(db, requireAuth(request), request.params.id),
  );
  app.get(
    '/api/home/request/stale/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: NoQuery, response: { 200: StaleRequestListSchema } },
    },
    async (request) => listStale(db, requireAuth(request)),
  );
  const staleAnswer = (path: string, answer: 'cancel' | 'keep') =>
    app.post(
      `/api/home/request/:id/stale/${path}/`,
      {
        config: { access: 'authenticated' },
        schema: { params: Params, body: EmptyBodySchema, response: result },
      },
      async (request) => answerStale({ db, mail }, requireAuth(request), request.params.id, answer),
    );
  staleAnswer('cancel', 'cancel');
  staleAnswer('keep_waiting', 'keep');
};
