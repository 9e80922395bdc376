import {
  AdminAppSchema,
  AdminCsvBodySchema,
  AdminCsvResultSchema,
  AdminFieldSchema,
  AdminListQuerySchema,
  AdminListSchema,
  AdminModelSchema,
  AdminOptionSchema,
  AdminRecordSchema,
  IdSchema,
} from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { EmptyBodySchema } from '../../lib/empty-body';
import { importCsv } from './data-admin.csv';
import { listOptions, listRecords } from './data-admin.queries';
import {
  createRecord,
  deleteAdminRecord,
  describeModel,
  fieldsOf,
  listApps,
  listModels,
  readRecord,
  updateAdminRecord,
} from './data-admin.service';
import { modelsIndex } from './models';
import { STATIC_MODELS } from './registry';

/**
 * The generic data administration for internal administrators (docs/decisions/032). Our screens call
 * /api/admin/{app}/{model}/…; the spec's /api/{app}/{model}/… calls reach the same handlers wherever
 * the product has no route of its own at that path (a product route such as GET /api/home/provider/
 * answers in its own shape, as the product's screens need).
 */
const AppName = z.string().regex(/^[A-Za-z]{1,40}$/);
const Model = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const ModelParams = z.object({ app: AppName, model: Model });
const RecordParams = ModelParams.extend({ id: IdSchema });
const RecordBody = z.record(z.string().max(100), z.unknown()).refine((b) => Object.keys(b).length <= 200);
const OPTION_LIMIT = 200;

const actor = (request: FastifyRequest) => ({ auth: requireAuth(request), ip: clientIp(request) });

function registerModelRoutes(app: App, { db }: Parameters<Module>[1], prefix: string) {
  const rule = { access: 'internalAdmin' as const };
  app.get(
    `${prefix}/:app/:model/`,
    {
      config: rule,
      schema: {
        params: ModelParams,
        querystring: AdminListQuerySchema,
        response: { 200: z.union([AdminListSchema, z.array(AdminOptionSchema)]) },
      },
    },
    async (request) => {
      const index = await modelsIndex(db);
      const m = index.get(request.params.app, request.params.model);
      const q = request.query;
      if (q.values_list) return listOptions(db, m, q.search, Math.min(q.limit, OPTION_LIMIT));
      return listRecords(db, m, index.relatedOf, q);
    },
  );
  app.get(
    `${prefix}/:app/:model/fields/`,
    { config: rule, schema: { params: ModelParams, response: { 200: z.array(AdminFieldSchema) } } },
    async (request) => fieldsOf((await modelsIndex(db)).get(request.params.app, request.params.model)),
  );
  app.get(
    `${prefix}/:app/:model/:id/`,
    { config: rule, schema: { params: RecordParams, response: { 200: AdminRecordSchema } } },
    async (request) => readRecord(db, request.params.app, request.params.model, request.params.id),
  );
  app.post(
    `${prefix}/:app/:model/`,
    { config: rule, schema: { params: ModelParams, body: RecordBody, response: { 201: AdminRecordSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRecord(db, actor(request), request.params.app, request.params.model, request.body)),
  );
  app.post(
    `${prefix}/:app/:model/:id/`,
    {
      config: rule,
      schema: { params: RecordParams, body: RecordBody, response: { 200: AdminRecordSchema } },
    },
    async (request) => {
      const { app: appName, model, id } = request.params;
      return updateAdminRecord(db, actor(request), appName, model, id, request.body);
    },
  );
  app.post(
    `${prefix}/:app/:model/:id/delete/`,
    {
      config: rule,
      schema: {
        params: RecordParams,
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const { app: appName, model, id } = request.params;
      await deleteAdminRecord(db, actor(request), appName, model, id);
      return { success: true as const };
    },
  );
}

export const dataAdminRoutes: Module = (app, deps) => {
  const { db } = deps;
  const rule = { access: 'internalAdmin' as const };
  app.get(
    '/api/getApps/',
    { config: rule, schema: { response: { 200: z.array(AdminAppSchema) } } },
    async () => listApps(db),
  );
  app.get(
    '/api/getModels/:app/',
    {
      config: rule,
      schema: { params: z.object({ app: AppName }), response: { 200: z.array(AdminModelSchema) } },
    },
    async (request) => listModels(db, request.params.app),
  );
  app.get(
    '/api/admin/:app/:model/model/',
    { config: rule, schema: { params: ModelParams, response: { 200: AdminModelSchema } } },
    async (request) => describeModel((await modelsIndex(db)).get(request.params.app, request.params.model)),
  );
  app.post(
    '/api/admin/:app/:model/csv/',
    {
      config: rule,
      bodyLimit: 25 * 1024 * 1024,
      schema: { params: ModelParams, body: AdminCsvBodySchema, response: { 200: AdminCsvResultSchema } },
    },
    async (request) => {
      const { app: appName, model } = request.params;
      return importCsv(db, actor(request), appName, model, request.body.csv, request.body.commit);
    },
  );
  registerModelRoutes(app, deps, '/api/admin');
  registerModelRoutes(app, deps, '/api');
  // Product routes such as /api/home/patient/:id/ would take 'fields' for an id: these fixed paths win.
  for (const m of STATIC_MODELS) {
    app.get(
      `/api/${m.app}/${m.model}/fields/`,
      { config: rule, schema: { response: { 200: z.array(AdminFieldSchema) } } },
      async () => fieldsOf(m),
    );
  }
};
