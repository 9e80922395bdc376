import { NotificationsSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { listNotifications, markNotificationsSeen } from './notifications.service';

/** The notification bell of every signed-in user: what others did on their requests, and "mark as read". */
export const notificationsRoutes: Module = (app, { db }) => {
  app.get(
    '/api/notifications/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({}).strict(), response: { 200: NotificationsSchema } },
    },
    async (request) => listNotifications(db, requireAuth(request)),
  );

  app.post(
    '/api/notifications/seen/',
    {
      config: { access: 'authenticated' },
      schema: { body: EmptyBodySchema, response: { 200: z.object({ success: z.string() }) } },
    },
    async (request) => markNotificationsSeen(db, requireAuth(request)),
  );
};
