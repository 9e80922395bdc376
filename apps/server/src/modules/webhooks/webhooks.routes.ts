import {
  IdSchema,
  pageSchema,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MSG,
  WebhookCreatedSchema,
  WebhookCreateSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { EmptyBodySchema } from '../../lib/empty-body';
import { pageOf } from '../../lib/pagination';
import { webhookNetwork } from './webhooks.address';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  setWebhookEnabled,
} from './webhooks.service';

/**
 * A law firm's webhook endpoints, managed by its administrators (decision 059): register one (its signing
 * secret is answered once), list, disable, enable, delete, read its deliveries and send one again. API keys
 * can never call these (authz/api-key-scopes.ts).
 */
const Params = z.object({ id: IdSchema });
const DeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
});

export const webhooksRoutes: Module = (app, { db, cipher, config }) => {
  const network = webhookNetwork(config);

  app.get(
    '/api/webhooks/',
    { config: { access: 'firmStaff' }, schema: { response: { 200: z.array(WebhookEndpointSchema) } } },
    async (request) => listWebhooks(db, requireAuth(request)),
  );

  app.post(
    '/api/webhooks/',
    {
      config: { access: 'firmStaff' },
      schema: { body: WebhookCreateSchema, response: { 201: WebhookCreatedSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWebhook({ db, cipher, network }, requireAuth(request), request.body, clientIp(request)),
        ),
  );

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/api/webhooks/:id/${action}/`,
      {
        config: { access: 'firmStaff' },
        schema: { params: Params, body: EmptyBodySchema, response: { 200: WebhookEndpointSchema } },
      },
      async (request) =>
        setWebhookEnabled(db, requireAuth(request), request.params.id, enabled, clientIp(request)),
    );
  }

  app.post(
    '/api/webhooks/:id/delete/',
    {
      config: { access: 'firmStaff' },
      schema: {
        params: Params,
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.string() }) },
      },
    },
    async (request) => {
      await deleteWebhook(db, requireAuth(request), request.params.id, clientIp(request));
      return { success: WEBHOOK_MSG.deleted };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries/',
    {
      config: { access: 'firmStaff' },
      schema: {
        params: Params,
        querystring: DeliveriesQuery,
        response: { 200: pageSchema(WebhookDeliverySchema) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { rows, total } = await listDeliveries(db, requireAuth(request), request.params.id, {
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return pageOf(request, rows, total, page, page_size);
    },
  );

  app.post(
    '/api/webhooks/deliveries/:id/resend/',
    {
      config: { access: 'firmStaff' },
      schema: { params: Params, body: EmptyBodySchema, response: { 200: WebhookDeliverySchema } },
    },
    async (request) => resendDelivery(db, requireAuth(request), request.params.id, clientIp(request)),
  );
};
