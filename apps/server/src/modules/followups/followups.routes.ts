import { FollowUpActionResultSchema, FollowUpScheduleSchema, IdSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { followUpAction, getSchedule } from './followups.service';

/**
 * A request's follow-ups to its provider: the schedule for internal staff and the firm's own users
 * (another firm's request answers 404), and the staff actions on it, internal staff only.
 */
const Params = z.object({ id: IdSchema });
const NoQuery = z.object({}).strict();

export const followUpsRoutes: Module = (app, { db, mail }) => {
  app.get(
    '/api/home/request/:id/follow_ups/',
    {
      config: { access: 'authenticated' },
      schema: { params: Params, querystring: NoQuery, response: { 200: FollowUpScheduleSchema } },
    },
    async (request) => getSchedule(db, requireAuth(request), request.params.id),
  );

  for (const action of ['send', 'skip', 'pause', 'resume'] as const) {
    app.post(
      `/api/home/request/:id/follow_ups/${action}/`,
      {
        config: { access: 'internalStaff' },
        schema: {
          params: Params,
          querystring: NoQuery,
          body: EmptyBodySchema,
          response: { 200: FollowUpActionResultSchema },
        },
      },
      async (request) => followUpAction({ db, mail }, requireAuth(request), request.params.id, action),
    );
  }
};
