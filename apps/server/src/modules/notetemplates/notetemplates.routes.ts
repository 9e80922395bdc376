import { IdSchema, NoteTemplateBodySchema, NoteTemplateSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { EmptyBodySchema } from '../../lib/empty-body';
import {
  createNoteTemplate,
  deleteNoteTemplate,
  listNoteTemplates,
  updateNoteTemplate,
} from './notetemplates.service';

/**
 * Note templates (staff spec 'notelist': name, description, text): reusable note texts internal staff
 * pick to fill a note. Internal staff only.
 */
const Params = z.object({ id: IdSchema });

export const noteTemplatesRoutes: Module = (app, { db }) => {
  app.get(
    '/api/home/notetemplate/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: z.object({}).strict(), response: { 200: z.array(NoteTemplateSchema) } },
    },
    async () => listNoteTemplates(db),
  );

  app.post(
    '/api/home/notetemplate/',
    {
      config: { access: 'internalStaff' },
      schema: { body: NoteTemplateBodySchema, response: { 201: NoteTemplateSchema } },
    },
    async (request, reply) => reply.status(201).send(await createNoteTemplate(db, request.body)),
  );

  app.post(
    '/api/home/notetemplate/:id/',
    {
      config: { access: 'internalStaff' },
      schema: { params: Params, body: NoteTemplateBodySchema, response: { 200: NoteTemplateSchema } },
    },
    async (request) => updateNoteTemplate(db, request.params.id, request.body),
  );

  app.post(
    '/api/home/notetemplate/:id/delete/',
    {
      config: { access: 'internalStaff' },
      schema: {
        params: Params,
        body: EmptyBodySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteNoteTemplate(db, request.params.id);
      return { success: true as const };
    },
  );
};
