import {
  FirstSendSchema,
  IdSchema,
  StaffActionResultSchema,
  StaffRequestInfoSchema,
  TodoSummarySchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { buildFirstSend } from './staffwork.first-send';
import { getStaffInfo } from './staffwork.info';
import { cancelRequest, markInitialSent, sendToLawyer } from './staffwork.service';
import { todoSummary } from './staffwork.todo.queries';

/**
 * Staff work on one request (staff spec sections 2 and 4), internal staff only: the first e-mail to the
 * provider, 'I've sent the email', 'Cancel The Request', 'Send Request To Lawyer' and the staff-only facts
 * of the Request Details Center. Everyone else gets 403 before anything is read.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();

export const staffworkRoutes: Module = (app, { db, mail, config, storage }) => {
  const followUpDays = config.FOLLOW_UP_BUSINESS_DAYS;
  const records = { storage, dataDir: config.dataDir };
  const action = (path: string, run: typeof markInitialSent) =>
    app.post(
      `/api/home/request/:id/${path}/`,
      {
        config: { access: 'internalStaff' },
        schema: {
          params: Params,
          querystring: NoQuery,
          body: EmptyBodySchema,
          response: { 200: StaffActionResultSchema },
        },
      },
      async (request) => run({ db, mail, followUpDays, records }, requireAuth(request), request.params.id),
    );
  app.get(
    '/api/home/request/todo/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: NoQuery, response: { 200: TodoSummarySchema } },
    },
    async (request) => todoSummary(db, requireAuth(request)),
  );

  action('initial_sent', markInitialSent);
  action('cancel', cancelRequest);
  action('send_to_lawyer', sendToLawyer);

  app.get(
    '/api/home/request/:id/first_send/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, querystring: NoQuery, response: { 200: FirstSendSchema } },
    },
    async (request) => buildFirstSend(db, requireAuth(request), request.params.id, mail.supportEmail),
  );

  app.get(
    '/api/home/request/:id/staff_info/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, querystring: NoQuery, response: { 200: StaffRequestInfoSchema } },
    },
    async (request) => getStaffInfo(db, request.params.id),
  );
};
