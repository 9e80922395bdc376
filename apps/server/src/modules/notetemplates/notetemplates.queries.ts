// SQL of the note templates (shared by every firm: staff keep them, no tenant column).
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { noteTemplates } from '../../db/schema';

export type NoteTemplateFields = { name: string; description: string | null | undefined; text: string };
type Row = { id: number; name: string; description: string | null; text: string; createdAt: Date };

const columns = {
  id: noteTemplates.id,
  name: noteTemplates.name,
  description: noteTemplates.description,
  text: noteTemplates.text,
  createdAt: noteTemplates.createdAt,
};

export function noteTemplatesByName(db: DbOrTx): Promise<Row[]> {
  return db.select(columns).from(noteTemplates).orderBy(asc(noteTemplates.name), asc(noteTemplates.id));
}

export async function insertNoteTemplate(db: DbOrTx, body: NoteTemplateFields): Promise<Row> {
  const [row] = await db
    .insert(noteTemplates)
    .values({ name: body.name, description: body.description, text: body.text })
    .returning(columns);
  return row;
}

/** The template after the update, or undefined when there is none with this id. */
export async function updateNoteTemplateRow(
  db: DbOrTx,
  id: number,
  body: NoteTemplateFields,
): Promise<Row | undefined> {
  const [row] = await db
    .update(noteTemplates)
    .set({ name: body.name, description: body.description, text: body.text })
    .where(eq(noteTemplates.id, id))
    .returning(columns);
  return row;
}

/** The deleted template's id, or undefined when there was none. */
export async function deleteNoteTemplateRow(db: DbOrTx, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .delete(noteTemplates)
    .where(eq(noteTemplates.id, id))
    .returning({ id: noteTemplates.id });
  return row;
}

/** The oldest template named `name`, case and surrounding spaces ignored. */
export async function noteTemplateNamed(db: DbOrTx, name: string): Promise<{ text: string } | undefined> {
  const [row] = await db
    .select({ text: noteTemplates.text })
    .from(noteTemplates)
    .where(sql`lower(trim(${noteTemplates.name})) = ${name.toLowerCase()}`)
    .orderBy(asc(noteTemplates.id))
    .limit(1);
  return row;
}
