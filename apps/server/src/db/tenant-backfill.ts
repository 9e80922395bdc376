import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';
import { briefly, updateByPageRanges, updatedCount } from './online-steps';

/**
 * Fills `company_id` on the tenant tables that gained it in migration 0053 (decision 071), then makes it
 * NOT NULL. The migration itself only adds the column and a trigger that fills it from the row's parent;
 * this step, run after the migrations, makes each existing row pass through that trigger. It works in
 * short transactions over ranges of the table's pages, so no lock is held for long at a million requests:
 *
 * 1. `UPDATE … SET company_id = NULL` page range by page range (the trigger puts the firm back);
 * 2. a CHECK (company_id IS NOT NULL) added NOT VALID, then validated without blocking writes;
 * 3. SET NOT NULL, which the validated check lets PostgreSQL do without scanning, then the check dropped;
 * 4. the foreign key validated, with every other NOT VALID constraint, by db/validate-constraints.ts.
 *
 * Each step can be interrupted and resumed: the next start picks up what is left. A table takes part while
 * its `company_id` is still nullable and carries the migration's `<table>_fill_company_id` trigger, so a
 * later migration that adds a tenant column the same way is filled the same way.
 */
export async function backfillTenantColumns(
  db: Db,
  log: (line: string) => void = console.log,
): Promise<void> {
  const pending = await queryRows<{ table: string }>(
    db,
    sql`select c.table_name as "table" from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'company_id' and c.is_nullable = 'YES'
          and exists (select 1 from pg_trigger t
                      where t.tgrelid = format('%I', c.table_name)::regclass
                        and t.tgname = c.table_name || '_fill_company_id')`,
  );
  const tables = await parentsFirst(
    db,
    pending.map((p) => p.table),
  );
  for (const table of tables) {
    const started = performance.now();
    const rows = await fillRows(db, table);
    await requireNotNull(db, table);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (rows > 0)
      log(`Tenant backfill: ${table}.company_id filled on ${rows} rows and made NOT NULL in ${seconds} s.`);
  }
  await promoteFirmKeys(db);
}

/**
 * The tables in an order where each comes after the tables it points at: a key that names the firm
 * (`(file_id, company_id) → files`) only accepts a child's firm once its parent row has one.
 */
async function parentsFirst(db: Db, tables: string[]): Promise<string[]> {
  if (tables.length < 2) return tables;
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
        where contype = 'f' and conrelid <> confrelid and connamespace = 'public'::regnamespace`,
  );
  const left = new Set(tables);
  const ordered: string[] = [];
  while (left.size > 0) {
    const ready = [...left].filter((table) => !edges.some((e) => e.child === table && left.has(e.parent)));
    // A cycle of keys cannot be ordered: take the rest as they come.
    for (const table of ready.length > 0 ? ready : [...left]) {
      left.delete(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/**
 * A primary key that gains `company_id` needs the column NOT NULL, which a table filled by this backfill
 * only is at its end. A migration adding such a key builds its unique index as `<table>_pkey_with_firm`
 * and leaves it there; this step makes that index the table's primary key (decision 075).
 */
async function promoteFirmKeys(db: Db): Promise<void> {
  const pending = await queryRows<{ table: string }>(
    db,
    sql`select t.relname as "table" from pg_index i
        join pg_class ix on ix.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
        where ix.relname = t.relname || '_pkey_with_firm' and i.indisvalid and i.indisunique`,
  );
  for (const { table } of pending) {
    const t = sql.identifier(table);
    const key = sql.identifier(`${table}_pkey`);
    await briefly(db, async (tx) => {
      await tx.execute(sql`alter table ${t} drop constraint if exists ${key}`);
      await tx.execute(
        sql`alter table ${t} add constraint ${key} primary key using index ${sql.identifier(`${table}_pkey_with_firm`)}`,
      );
    });
  }
}

async function fillRows(db: Db, table: string): Promise<number> {
  const t = sql.identifier(table);
  let rows = await updateByPageRanges(db, table, (range) =>
    updatedCount(db, sql`update ${t} set company_id = null where ${range} and company_id is null`),
  );
  // Rows an update moved past the last page read, or rows written meanwhile by an older instance.
  rows += await updatedCount(db, sql`update ${t} set company_id = null where company_id is null`);
  return rows;
}

async function requireNotNull(db: Db, table: string): Promise<void> {
  const t = sql.identifier(table);
  const check = sql.identifier(`${table}_company_id_nn`);
  await briefly(db, sql`alter table ${t} drop constraint if exists ${check}`);
  await briefly(db, sql`alter table ${t} add constraint ${check} check (company_id is not null) not valid`);
  await db.execute(sql`alter table ${t} validate constraint ${check}`);
  await briefly(db, sql`alter table ${t} alter column company_id set not null`);
  await briefly(db, sql`alter table ${t} drop constraint ${check}`);
}
