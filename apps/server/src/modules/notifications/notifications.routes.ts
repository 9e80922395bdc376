import { NotificationEmailPrefsSchema, NotificationsSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { EmptyBodySchema } from '../../lib/empty-body';
import { getNotificationEmailPrefs, setNotificationEmailPrefs } from './notification-emails.prefs';
import { listNotifications, markNotificationsSeen } from './notifications.service';

/**
 * The notification bell of every signed-in user: what others did on their requests, "mark as read", and
 * the user's own choice of which of them also reach them by e-mail (decision 065).
 */
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

  app.get(
    '/api/notifications/emails/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({}).strict(), response: { 200: NotificationEmailPrefsSchema } },
    },
    async (request) => getNotificationEmailPrefs(db, requireAuth(request)),
  );

  app.put(
    '/api/notifications/emails/',
    {
      config: { access: 'authenticated' },
      schema: { body: NotificationEmailPrefsSchema, response: { 200: NotificationEmailPrefsSchema } },
    },
    async (request) => setNotificationEmailPrefs(db, requireAuth(request), request.body),
  );
};
