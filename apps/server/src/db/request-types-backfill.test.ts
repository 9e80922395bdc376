import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0005 turns the comma-joined requests.request_type into request_type_choices rows
 * (docs/decisions/018). Run on its own PGlite: the migrations before it, yesterday's data, then 0005.
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const migration = (prefix: string) => {
  const file = readdirSync(folder).find((f) => f.startsWith(prefix) && f.endsWith('.sql'));
  return readFileSync(`${folder}/${file}`, 'utf8');
};

describe('migration 0005: request types as rows', () => {
  it('backfills the rows from the text, adding unknown names once, and keeps the text as their copy', async () => {
    const db = new PGlite();
    try {
      for (const prefix of ['0000', '0001', '0002', '0003', '0004']) await db.exec(migration(prefix));
      await db.exec(`
        insert into request_types (name) values ('Medical Records'), ('Billing Records');
        insert into companies (id, name) overriding system value values (7, 'Firm');
        insert into patients (id, first_name, last_name, company_id) overriding system value values (3, 'Pat', 'Doe', 7);
        insert into providers (id, name) overriding system value values (5, 'Mercy');
        insert into requests (id, request_type, patient_id, provider_id, company_id) overriding system value values
          (1, 'Medical Records, Billing Records', 3, 5, 7),
          (2, 'Radiology,  medical records,,Radiology', 3, 5, 7),
          (3, '', 3, 5, 7),
          (4, 'Dental', 3, 5, 7),
          (5, 'dental, Billing Records', 3, 5, 7);`);
      await db.exec(migration('0005'));

      const types = await db.query<{ id: number; name: string }>(
        'select id, name from request_types order by id',
      );
      const names = types.rows.map((t) => t.name);
      expect(names.slice(0, 2)).toEqual(['Medical Records', 'Billing Records']);
      expect(
        names
          .slice(2)
          .map((n) => n.toLowerCase())
          .sort(),
      ).toEqual(['dental', 'radiology']);
      const dental = names.find((n) => n.toLowerCase() === 'dental');

      const choices = await db.query<{ request_id: number; name: string; position: number }>(`
        select c.request_id, t.name, c.position from request_type_choices c
        join request_types t on t.id = c.request_type_id order by c.request_id, c.position`);
      expect(choices.rows.map((c) => [c.request_id, c.name, c.position])).toEqual([
        [1, 'Medical Records', 0],
        [1, 'Billing Records', 1],
        [2, 'Radiology', 0],
        [2, 'Medical Records', 1],
        [4, dental, 0],
        [5, dental, 0],
        [5, 'Billing Records', 1],
      ]);
      const texts = await db.query<{ id: number; request_type: string }>(
        'select id, request_type from requests order by id',
      );
      expect(texts.rows.map((r) => r.request_type)).toEqual([
        'Medical Records, Billing Records',
        'Radiology, Medical Records',
        '',
        dental,
        `${dental}, Billing Records`,
      ]);
      // The foreign key now holds: a type in use cannot be deleted.
      await expect(db.exec(`delete from request_types where name = 'Billing Records'`)).rejects.toThrow(
        /foreign key/,
      );
    } finally {
      await db.close();
    }
  });
});
