import {
  CLIENT_LIST_DEFAULT_LIMIT,
  CLIENT_LIST_MAX_LIMIT,
  CLIENT_ORDERINGS,
  ClientBodySchema,
  ClientMatchSchema,
  ClientSchema,
  IdSchema,
  RelatedInfoRequestSchema,
  RelatedInfoSchema,
  SaveRelatedInfoSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import {
  createClient,
  getClient,
  getRelatedInfo,
  listClients,
  saveRelatedInfo,
  updateClient,
} from './patients.service';

/**
 * Clients (patients), law-firm spec section 7: list, detail, create and update under
 * /api/home/patient/, and the SSN through /get_related_info/ and /save_related_info/ only.
 */
const ListQuery = z
  .object({
    company: IdSchema.optional(),
    ssn: z.string().max(20).optional(),
    name: z.string().max(200).optional(),
    order_by: z.enum(CLIENT_ORDERINGS).default('last_name,first_name'),
    limit: z.coerce.number().int().min(1).max(CLIENT_LIST_MAX_LIMIT).default(CLIENT_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

const IdParams = z.object({ id: IdSchema });

export const patientsRoutes: Module = (app, { db, cipher }) => {
  app.get(
    '/api/home/patient/',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: ListQuery,
        // A full client list, or {id, full_name} only for the duplicate-SSN look-up.
        response: { 200: z.union([z.array(ClientSchema), z.array(ClientMatchSchema)]) },
      },
    },
    async (request) => listClients(db, cipher, requireAuth(request), request.query),
  );

  app.get(
    '/api/home/patient/:id/',
    { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: ClientSchema } } },
    async (request) => getClient(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/home/patient/',
    {
      config: { access: 'authenticated' },
      schema: { body: ClientBodySchema, response: { 200: ClientSchema } },
    },
    async (request) => createClient(db, cipher, requireAuth(request), request.body),
  );

  app.post(
    '/api/home/patient/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, body: ClientBodySchema, response: { 200: ClientSchema } },
    },
    async (request) => updateClient(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/get_related_info/',
    {
      config: { access: 'authenticated' },
      schema: { body: RelatedInfoRequestSchema, response: { 200: RelatedInfoSchema } },
    },
    async (request) =>
      getRelatedInfo(db, cipher, requireAuth(request), request.body.patient_id, clientIp(request)),
  );

  app.post(
    '/save_related_info/',
    {
      config: { access: 'authenticated' },
      schema: { body: SaveRelatedInfoSchema, response: { 200: z.object({ success: z.string() }) } },
    },
    async (request) =>
      saveRelatedInfo(db, cipher, requireAuth(request), request.body.patient_id, request.body.ssn),
  );
};
