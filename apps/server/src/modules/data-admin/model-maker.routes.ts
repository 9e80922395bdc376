import {
  ConfirmDropBodySchema,
  IdSchema,
  ModelConfigBodySchema,
  ModelConfigSchema,
  ModelPlanSchema,
} from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import {
  applyModelConfig,
  deleteModelConfig,
  listModelConfigs,
  planModelConfig,
  saveModelConfig,
} from './model-maker.service';

/**
 * The model maker (/modelmaker/): configurations, the plan of what applying one does, applying it and
 * deleting it. Internal administrators only: applying one changes the database's tables.
 */
const Params = z.object({ id: IdSchema });
const rule = { access: 'internalAdmin' as const };
const Applied = ModelPlanSchema.pick({ statements: true, drops: true }).extend({ message: z.string() });

export const modelMakerRoutes: Module = (app, { db, config }) => {
  const dropsAllowed = config.MODEL_MAKER === 'on';
  const consent = (body: { confirm_name?: string } | null | undefined) => ({
    allowed: dropsAllowed,
    confirmName: body?.confirm_name,
  });
  app.get(
    '/api/modelConfig/',
    { config: rule, schema: { response: { 200: z.array(ModelConfigSchema) } } },
    async () => listModelConfigs(db),
  );
  app.post(
    '/api/modelConfig/',
    { config: rule, schema: { body: ModelConfigBodySchema, response: { 200: ModelConfigSchema } } },
    async (request) => saveModelConfig(db, requireAuth(request), request.body),
  );
  app.post(
    '/api/modelConfig/:id/',
    {
      config: rule,
      schema: { params: Params, body: ModelConfigBodySchema, response: { 200: ModelConfigSchema } },
    },
    async (request) => saveModelConfig(db, requireAuth(request), request.body, request.params.id),
  );
  app.get(
    '/api/modelConfig/:id/plan/',
    { config: rule, schema: { params: Params, response: { 200: ModelPlanSchema } } },
    async (request) => planModelConfig(db, request.params.id, dropsAllowed),
  );
  app.post(
    '/api/modelConfig/:id/apply/',
    {
      config: rule,
      schema: { params: Params, body: ConfirmDropBodySchema.nullish(), response: { 200: Applied } },
    },
    async (request) => applyModelConfig(db, requireAuth(request), request.params.id, consent(request.body)),
  );
  app.post(
    '/api/modelConfig/:id/delete/',
    {
      config: rule,
      schema: {
        params: Params,
        body: ConfirmDropBodySchema.nullish(),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteModelConfig(db, requireAuth(request), request.params.id, consent(request.body));
      return { success: true as const };
    },
  );
};
