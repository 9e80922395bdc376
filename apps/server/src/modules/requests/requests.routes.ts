import {
  FILE_ACCESS_RELATIONS,
  IdSchema,
  pageSchema,
  REQUEST_RELATIONS,
  RequestBodySchema,
  RequestDetailSchema,
  RequestListItemSchema,
  type RequestRelation,
  RequestSchema,
  SplitBodySchema,
  SplitResultSchema,
  StaffRequestSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { authorize } from '../../authz/policy';
import { clientIp } from '../../lib/client-ip';
import { EmptyBodySchema } from '../../lib/empty-body';
import { runWrite } from '../../lib/idempotency';
import { withFileAccessLog } from '../files/files.access-log';
import { setArchived } from './requests.archive';
import { changeClaim } from './requests.claim';
import { createRequests } from './requests.create';
import { pageLinks } from './requests.cursor.queries';
import { correctDeadline } from './requests.deadline-correction';
import { deleteRequest } from './requests.delete';
import { getRequestDetail } from './requests.detail';
import { filterConditions, RequestListQuery, relatedParam } from './requests.filters.queries';
import { moveToProvider } from './requests.move';
import { listCountCap, listedNameMatches, listedNewProvider } from './requests.name-filters.queries';
import { countVisibleRequests, listVisibleRequests, withRelated } from './requests.queries';
import { saveRequisition } from './requests.requisition';
import { splitRequest } from './requests.split';
import { changeStatusBySpecCall } from './requests.status';
import { updateRequest } from './requests.update';
import { isStaffOnlyUpdate, RequestUpdateBodySchema } from './requests.update-body';

/**
 * Records requests (law-firm spec sections 2, 4, 5, 7; staff spec sections 4 and 7): list with the
 * allow-listed filters, submit to several providers, detail, resubmit and delete; for internal staff
 * also claim and assignment, the requisition and provider fee form, and split. Every read is scoped by
 * visibleRequests.
 */
const Params = z.object({ id: IdSchema });

/**
 * The detail always carries everything else; these names are accepted because the spec's client sends
 * them. Only the files' download history is added on request (FILE_ACCESS_RELATIONS).
 */
const DETAIL_RELATIONS = [
  ...REQUEST_RELATIONS,
  'notes',
  'notes__user',
  'files',
  ...FILE_ACCESS_RELATIONS,
  'files__verified_by',
  'invoices',
  'invoices__bill',
] as const;

const Page = pageSchema(RequestListItemSchema).extend({
  /**
   * True when more requests match than were counted: count is then REQUEST_COUNT_CAP, or
   * BROAD_NAME_COUNT_CAP for a name matching more than a thousand names or for new providers.
   */
  count_capped: z.boolean(),
});
const CountOnly = z.object({ count: z.number() });

export const requestsRoutes: Module = (app, { db, mail, config, storage }) => {
  app.get(
    '/api/home/request/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: RequestListQuery, response: { 200: z.union([Page, CountOnly]) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = request.query;
      const looked = { ...(await listedNameMatches(db, query)), ...(await listedNewProvider(db, query)) };
      const conditions = filterConditions(query, auth, looked);
      if (query.count !== undefined) return { count: await countVisibleRequests(db, auth, conditions) };
      const { limit, offset } = query;
      const { cursor } = query;
      const { rows, total, capped, more } = await listVisibleRequests(db, auth, {
        conditions,
        orderBy: query.order_by,
        limit,
        offset,
        cursor,
        countCap: listCountCap(query, looked),
        clientNameContains: query.patient__full_name__icontains,
      });
      const links = pageLinks(request.url, { ordering: query.order_by, limit, offset, cursor, more, rows });
      const results = await withRelated(db, rows, query.related);
      return { count: total, count_capped: capped, ...links, results };
    },
  );

  app.post(
    '/api/home/request/',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: {
        querystring: z.object({ related: relatedParam<RequestRelation>(REQUEST_RELATIONS) }).strict(),
        body: RequestBodySchema,
        response: { 201: z.object({ count: z.number(), results: z.array(RequestSchema) }) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const answer = await runWrite(db, request, 201, (inTx) =>
        createRequests({ db: inTx, mail }, auth, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/home/request/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: Params,
        querystring: z.object({ related: relatedParam(DETAIL_RELATIONS) }).strict(),
        response: { 200: RequestDetailSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const detail = await getRequestDetail(db, auth, request.params.id);
      return withFileAccessLog(db, auth, detail, request.query.related);
    },
  );

  app.post(
    '/api/home/request/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: Params,
        querystring: z.object({ related: relatedParam<RequestRelation>(REQUEST_RELATIONS) }).strict(),
        body: RequestUpdateBodySchema,
        // 409 on a claim: ClaimConflictSchema ({error, details: {working_on}}); errors are not serialised by schema.
        response: { 200: StaffRequestSchema },
      },
      preValidation: async (request) => {
        if (isStaffOnlyUpdate(request.body)) authorize(requireAuth(request), 'request.staffWork');
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const update = request.body;
      if (update.kind === 'claim') return changeClaim(db, auth, id, update.body.working_on);
      if (update.kind === 'requisition') return saveRequisition({ db, mail }, auth, id, update.body);
      if (update.kind === 'archive')
        return setArchived(db, auth, id, update.body.archived, clientIp(request));
      if (update.kind === 'move') return moveToProvider(db, auth, id, update.body);
      if (update.kind === 'deadline') return correctDeadline(db, auth, id, update.body);
      if (update.kind === 'status') {
        const records = { storage, dataDir: config.dataDir };
        const deps = { db, mail, followUpDays: config.FOLLOW_UP_BUSINESS_DAYS, records };
        return changeStatusBySpecCall(deps, auth, id, update.body.status);
      }
      return updateRequest(db, auth, id, update.body, mail.publicUrl);
    },
  );

  app.post(
    '/api/home/request/:id/split/',
    {
      config: { access: 'internalStaff', idempotent: true },
      schema: {
        params: Params,
        body: SplitBodySchema,
        // A refused split answers 400 SplitRefusalSchema ({error, details: {can_override}}).
        response: { 201: SplitResultSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const answer = await runWrite(db, request, 201, (inTx) =>
        splitRequest(inTx, auth, request.params.id, request.body, mail.publicUrl),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/home/request/:id/delete/',
    {
      config: { access: 'authenticated' },
      schema: {
        params: Params,
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteRequest(db, requireAuth(request), request.params.id, clientIp(request));
      return { success: true as const };
    },
  );
};
