import {
  ID_MESSAGE,
  IdSchema,
  isId,
  MSG,
  PROVIDER_LETTERS,
  PROVIDER_LIST_DEFAULT_LIMIT,
  PROVIDER_LIST_MAX_LIMIT,
  ProviderBodySchema,
  ProviderExistsSchema,
  ProviderListItemSchema,
  ProviderMergeResultSchema,
  ProviderMergeSchema,
  ProviderSchema,
  ProviderVerifiedSchema,
  pageSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { PageQuery, pageOf } from '../../lib/pagination';
import { deleteProvider, mergeProvider } from './providers.merge';
import { listProviderRows, pageProviderRows } from './providers.queries';
import { createProvider, getProvider, updateProvider, verifyProvider } from './providers.service';

/**
 * The provider directory (law-firm spec section 7): lists and details for every signed-in user,
 * creation for law-firm users ordering requests, and edit, delete, merge and verify for internal staff
 * only (the directory is shared by all firms, so one firm must not change another firm's provider).
 */
const IdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Expected comma-separated ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= 200, 'At most 200 ids')
  .refine((ids) => ids.every(isId), ID_MESSAGE);

const ListQuery = z
  .object({
    name: z.string().max(200).optional(),
    starts_with: z
      .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(PROVIDER_LETTERS))
      .optional(),
    id__in: IdList.optional(),
    order_by: z.enum(['name', '-name']).default('name'),
    limit: z.coerce.number().int().min(1).max(PROVIDER_LIST_MAX_LIMIT).default(PROVIDER_LIST_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

const PageListQuery = PageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  name: z.string().max(200).optional(),
}).strict();

const IdParams = z.object({ id: IdSchema });
const Conflict = { 409: ProviderExistsSchema };

export const providersRoutes: Module = (app, { db }) => {
  app.get(
    '/api/home/provider/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ListQuery, response: { 200: z.array(ProviderSchema) } },
    },
    async (request) => {
      const q = request.query;
      return listProviderRows(db, {
        name: q.name?.trim() || undefined,
        startsWith: q.starts_with,
        ids: q.id__in,
        descending: q.order_by === '-name',
        limit: q.limit,
        offset: q.offset,
      });
    },
  );

  app.get(
    '/api/home/provider/:id/',
    { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: ProviderSchema } } },
    async (request) => getProvider(db, request.params.id),
  );

  app.post(
    '/api/home/provider/',
    {
      config: { access: 'authenticated' },
      schema: { body: ProviderBodySchema, response: { 200: ProviderSchema, ...Conflict } },
    },
    async (request) => createProvider(db, requireAuth(request), request.body),
  );

  app.post(
    '/api/home/provider/:id/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, body: ProviderBodySchema, response: { 200: ProviderSchema, ...Conflict } },
    },
    async (request) => updateProvider(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/home/provider/:id/delete/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, response: { 200: z.object({ success: z.string() }) } },
    },
    async (request) => {
      await deleteProvider(db, request.params.id);
      return { success: 'Deleted' };
    },
  );

  app.post(
    '/api/home/provider/:id/merge/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, body: ProviderMergeSchema, response: { 200: ProviderMergeResultSchema } },
    },
    async (request) => {
      const moved = await mergeProvider(db, request.params.id, request.body.into);
      return { success: MSG.mergeComplete, moved };
    },
  );

  // Confirms the contact details of a provider a law firm added (a firm's provider e-mail is
  // used by staff to send a client's health details, so staff check it before the first send).
  app.post(
    '/api/home/provider/:id/verify/',
    {
      config: { access: 'internalStaff' },
      schema: { params: IdParams, response: { 200: ProviderVerifiedSchema } },
    },
    async (request) => verifyProvider(db, request.params.id),
  );

  app.get(
    '/api/providers/',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: PageListQuery,
        response: {
          200: pageSchema(ProviderListItemSchema),
        },
      },
    },
    async (request) => {
      const { page, page_size, name } = request.query;
      const { rows, total } = await pageProviderRows(db, {
        name: name?.trim() || undefined,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return pageOf(request, rows, total, page, page_size);
    },
  );
};
