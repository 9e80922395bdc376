import { IdSchema, NoteBodySchema, NoteReminderBodySchema, NoteSchema } from '@dd/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import { notes, requests } from '../../db/schema';
import { offsetPage } from '../requests/offset-page';
import { NEWEST_FIRST, noteJson, selectNotes } from './notes.queries';
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

const NotePage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(NoteSchema),
});

export const notesRoutes: Module = (app, { db, mail }) => {
  app.post(
    '/api/home/notes/',
    {
      config: { access: 'authenticated' },
      schema: { body: NoteBodySchema, response: { 201: NoteSchema } },
    },
    async (request, reply) => {
      const note = await addNote({ db, mail }, requireAuth(request), request.body);
      return reply.status(201).send(note);
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
      setNoteReminder(db, requireAuth(request), request.params.id, request.body.reminder_date),
  );

  app.get(
    '/api/home/notes/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ListQuery, response: { 200: NotePage } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { limit, offset } = request.query;
      const visible = db.select({ id: requests.id }).from(requests).where(visibleRequests(auth));
      const where = and(
        inArray(notes.requestId, visible),
        request.query.request ? eq(notes.requestId, request.query.request) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        selectNotes(db)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(notes).where(where),
      ]);
      return offsetPage(request.url, rows.map(noteJson), total, limit, offset);
    },
  );
};
