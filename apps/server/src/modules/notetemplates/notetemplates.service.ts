import type { NoteTemplateBodySchema, NoteTemplateRow } from '@dd/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { noteTemplates } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Note templates: list by name, create, update and delete. */
type Body = z.output<typeof NoteTemplateBodySchema>;

const columns = {
  id: noteTemplates.id,
  name: noteTemplates.name,
  description: noteTemplates.description,
  text: noteTemplates.text,
  createdAt: noteTemplates.createdAt,
};

type Row = { id: number; name: string; description: string | null; text: string; createdAt: Date };
const json = ({ createdAt, ...row }: Row): NoteTemplateRow => ({
  ...row,
  created_at: createdAt.toISOString(),
});

export async function listNoteTemplates(db: Db): Promise<NoteTemplateRow[]> {
  const rows = await db
    .select(columns)
    .from(noteTemplates)
    .orderBy(asc(noteTemplates.name), asc(noteTemplates.id));
  return rows.map(json);
}

export async function createNoteTemplate(db: Db, body: Body): Promise<NoteTemplateRow> {
  const [row] = await db
    .insert(noteTemplates)
    .values({ name: body.name, description: body.description, text: body.text })
    .returning(columns);
  return json(row);
}

export async function updateNoteTemplate(db: Db, id: number, body: Body): Promise<NoteTemplateRow> {
  const [row] = await db
    .update(noteTemplates)
    .set({ name: body.name, description: body.description, text: body.text })
    .where(eq(noteTemplates.id, id))
    .returning(columns);
  if (!row) throw notFound();
  return json(row);
}

export async function deleteNoteTemplate(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(noteTemplates)
    .where(eq(noteTemplates.id, id))
    .returning({ id: noteTemplates.id });
  if (!row) throw notFound();
}
