import { IdSchema, NoteBodySchema, NoteReminderBodySchema, NoteSchema, pageSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { runWrite } from '../../lib/idempotency';
import { offsetPage } from '../requests/offset-page';
import { listVisibleNotes } from './notes.queries';
import { addNote, setNoteReminder } from './notes.service';

/**
 * Notes on requests (law-firm spec section 7, staff spec section 4): add one, list those of visible
 * requests newest first, and end or move a reminder (internal users, on requests they can see).
 */
const ListQuery = z
  .object({
    request: IdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

const NotePage = pageSchema(NoteSchema);

export const notesRoutes: Module = (app, { db, mail, config }) => {
  const followUpDays = config.FOLLOW_UP_BUSINESS_DAYS;
  app.post(
    '/api/home/notes/',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: { body: NoteBodySchema, response: { 201: NoteSchema } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const answer = await runWrite(db, request, 201, (inTx) =>
        addNote({ db: inTx, mail, followUpDays }, auth, request.body),
      );
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/home/notes/:id/',
    {
      config: { access: 'internal' },
      schema: {
        params: z.object({ id: IdSchema }),
        body: NoteReminderBodySchema,
        response: { 200: NoteSchema },
      },
    },
    async (request) =>
      setNoteReminder(
        { db, followUpDays },
        requireAuth(request),
        request.params.id,
        request.body.reminder_date,
      ),
  );

  app.get(
    '/api/home/notes/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ListQuery, response: { 200: NotePage } },
    },
    async (request) => {
      const { request: requestId, limit, offset } = request.query;
      const { rows, total } = await listVisibleNotes(db, requireAuth(request), { requestId, limit, offset });
      return offsetPage(request.url, rows, total, limit, offset);
    },
  );
};
