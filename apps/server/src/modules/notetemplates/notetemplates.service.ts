import type { NoteTemplateBodySchema, NoteTemplateRow } from '@dd/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  deleteNoteTemplateRow,
  insertNoteTemplate,
  noteTemplateNamed,
  noteTemplatesByName,
  updateNoteTemplateRow,
} from './notetemplates.queries';

/** Note templates: list by name, create, update and delete. */
type Body = z.output<typeof NoteTemplateBodySchema>;

type Row = { id: number; name: string; description: string | null; text: string; createdAt: Date };
const json = ({ createdAt, ...row }: Row): NoteTemplateRow => ({
  ...row,
  created_at: createdAt.toISOString(),
});

export async function listNoteTemplates(db: Db): Promise<NoteTemplateRow[]> {
  const rows = await noteTemplatesByName(db);
  return rows.map(json);
}

export async function createNoteTemplate(db: Db, body: Body): Promise<NoteTemplateRow> {
  return json(await insertNoteTemplate(db, body));
}

export async function updateNoteTemplate(db: Db, id: number, body: Body): Promise<NoteTemplateRow> {
  const row = await updateNoteTemplateRow(db, id, body);
  if (!row) throw notFound();
  return json(row);
}

export async function deleteNoteTemplate(db: Db, id: number): Promise<void> {
  const row = await deleteNoteTemplateRow(db, id);
  if (!row) throw notFound();
}

/**
 * The text of the template staff keep under `name` (case and surrounding spaces ignored; the oldest when
 * two share it) for a letter the product writes, or `fallback` when there is none or it is blank.
 */
export async function templateTextOr(db: DbOrTx, name: string, fallback: string): Promise<string> {
  const row = await noteTemplateNamed(db, name);
  return row?.text.trim() ? row.text : fallback;
}
