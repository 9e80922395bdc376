import type { NoteTemplateBodySchema, NoteTemplateRow } from '@dd/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
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

/**
 * The text of the template staff keep under `name` (case and surrounding spaces ignored; the oldest when
 * two share it) for a letter the product writes, or `fallback` when there is none or it is blank.
 */
export async function templateTextOr(db: DbOrTx, name: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ text: noteTemplates.text })
    .from(noteTemplates)
    .where(sql`lower(trim(${noteTemplates.name})) = ${name.toLowerCase()}`)
    .orderBy(asc(noteTemplates.id))
    .limit(1);
  return row?.text.trim() ? row.text : fallback;
}
