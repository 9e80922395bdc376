import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from './client';
import { briefly, updateByPageRanges, updatedCount } from './online-steps';

/**
 * Makes integer id columns bigint without holding a long lock (docs/scale.md, rule 4; decision 082).
 * `ALTER COLUMN … TYPE bigint` rewrites the table and every index on it under an exclusive lock: about 4.5 µs
 * a row, over 20 s for the notes of a million requests, while nothing reads or writes them. Instead a migration adds, beside each column `c` to widen, a
 * bigint column `c__wide` and a `<table>_widen_ids` trigger that copies `c` into it on every insert and
 * update (migration 0076). This step, run after the migrations, then:
 *
 * 1. fills `c__wide` on the existing rows, in short transactions over ranges of the table's pages;
 * 2. proves `c__wide` is never null where `c` may not be (a CHECK added NOT VALID, validated without blocking
 *    writes), so that SET NOT NULL later needs no scan;
 * 3. builds a copy of every index on `c` over `c__wide`, CONCURRENTLY on PostgreSQL;
 * 4. swaps, in one short transaction over every table: drops the keys, checks and triggers that name `c`
 *    and its indexes, drops `c`, renames `c__wide` to `c`, puts back its NOT NULL, default or identity (with
 *    the sequence where it was), turns the copied indexes into the old keys and indexes under their names,
 *    and adds the keys and checks back NOT VALID (validate-constraints.ts validates them after). It waits at
 *    most 5 s for its locks, and db/client.ts tries it again;
 * 5. analyzes the tables, so the planner knows the new columns.
 *
 * Each step can be interrupted and resumed: the next start finds the `__wide` columns still there and
 * picks up what is left. A later migration that widens more columns the same way is carried out the same way.
 */
const WIDE = '__wide';

interface Column {
  table: string;
  column: string;
  notNull: boolean;
  identity: boolean;
  default: string | null;
}

export async function widenIdColumns(
  db: Db,
  options: { concurrently: boolean },
  log: (line: string) => void = console.log,
): Promise<void> {
  const columns = await queryRows<Column>(
    db,
    sql`select c.relname as "table", n.attname as "column", n.attnotnull as "notNull",
          n.attidentity <> '' as identity, pg_get_expr(d.adbin, d.adrelid) as "default"
        from pg_attribute w join pg_class c on c.oid = w.attrelid
        join pg_attribute n on n.attrelid = w.attrelid and w.attname = n.attname || ${WIDE} and not n.attisdropped
        left join pg_attrdef d on d.adrelid = n.attrelid and d.adnum = n.attnum
        where c.relnamespace = 'public'::regnamespace and not w.attisdropped
        order by 1, 2`,
  );
  if (columns.length === 0) return;
  const tables = [...new Set(columns.map((c) => c.table))];
  const of = (table: string) => columns.filter((c) => c.table === table);
  const steps: string[] = [];
  const step = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    steps.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  let rows = 0;
  await step('filled', async () => {
    const [{ superuser }] = await queryRows<{ superuser: boolean }>(
      db,
      sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    for (const table of tables) rows += await fillRows(db, table, of(table), superuser);
  });
  await step('proved not null', async () => {
    for (const column of columns) if (column.notNull) await proveNotNull(db, column);
  });
  await step('indexes copied', async () => {
    for (const table of tables) await copyIndexes(db, table, of(table), options.concurrently);
  });
  await step('swapped', () => swap(db, columns));
  await step('analyzed', async () => {
    for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  });
  log(
    `Ids widened: ${columns.length} columns of ${tables.length} tables made bigint, ${rows} rows filled (${steps.join(', ')}).`,
  );
}

const wide = (column: string) => sql.identifier(column + WIDE);
const checkName = (c: Column) => `${c.table}_${c.column}_wide_nn`;

async function fillRows(db: Db, table: string, columns: Column[], superuser: boolean): Promise<number> {
  const t = sql.identifier(table);
  const set = sql.join(
    columns.map((c) => sql`${wide(c.column)} = ${sql.identifier(c.column)}`),
    sql`, `,
  );
  const unfilled = sql.join(
    columns.map((c) => sql`(${wide(c.column)} is null and ${sql.identifier(c.column)} is not null)`),
    sql` or `,
  );
  let rows = await updateByPageRanges(db, table, (range) =>
    quietUpdate(db, superuser, sql`update ${t} set ${set} where ${range} and (${unfilled})`),
  );
  // Rows written without the trigger meanwhile (a bulk load with triggers off).
  rows += await quietUpdate(db, superuser, sql`update ${t} set ${set} where ${unfilled}`);
  return rows;
}

/**
 * An update of the new columns alone changes nothing anyone reads, so where the database lets this session
 * skip triggers (a superuser, as the embedded database and most installations run), the row and statement
 * triggers (live-update notices, tallies) do not fire for it; elsewhere they fire and find nothing changed.
 */
async function quietUpdate(db: Db, superuser: boolean, statement: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    return updatedCount(tx, statement);
  });
}

async function proveNotNull(db: Db, column: Column): Promise<void> {
  const t = sql.identifier(column.table);
  const check = sql.identifier(checkName(column));
  const [exists] = await queryRows<{ valid: boolean }>(
    db,
    sql`select convalidated as valid from pg_constraint
        where conrelid = ${column.table}::regclass and conname = ${checkName(column)}`,
  );
  if (!exists)
    await briefly(
      db,
      sql`alter table ${t} add constraint ${check} check (${wide(column.column)} is not null) not valid`,
    );
  if (!exists?.valid) await db.execute(sql`alter table ${t} validate constraint ${check}`);
}

interface IndexOnColumn {
  oid: number;
  name: string;
  def: string;
  /** 'p' or 'u' when the index backs the table's primary key or a unique constraint. */
  constraint: string | null;
}

/** The indexes of `table` that use one of `columns` (as a key, in an expression or in a predicate). */
async function indexesOn(db: Db | Tx, table: string, columns: Column[]): Promise<IndexOnColumn[]> {
  const names = columns.map((c) => c.column);
  return queryRows<IndexOnColumn>(
    db,
    sql`select i.indexrelid::int as oid, ic.relname as name, pg_get_indexdef(i.indexrelid) as def,
          (select k.contype::text from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid
             and k.contype in ('p', 'u', 'x')) as "constraint"
        from pg_index i join pg_class ic on ic.oid = i.indexrelid
        where i.indrelid = ${table}::regclass and ic.relname not like 'w\\_%'
          and exists (select 1 from pg_attribute a where a.attrelid = i.indrelid and a.attname = any(${sql.param(names)}::text[])
                      and (a.attnum = any(i.indkey::int2[])
                           or exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                                        and d.objid = i.indexrelid and d.refobjid = a.attrelid
                                        and d.refobjsubid = a.attnum)))
        order by ic.relname`,
  );
}

/** The name of an index's copy over the wide columns, until the swap gives it the original's name. */
const copyName = (index: IndexOnColumn) => `w_${index.oid}`;

/**
 * `CREATE [UNIQUE] INDEX name ON public.t USING … (…) [WHERE …]` with the copy's name and every
 * widened column's name followed by `__wide` (after ON, so the table's own name is left alone).
 */
export function copyDefinition(def: string, copy: string, columns: string[], concurrently: boolean): string {
  const head = /^CREATE (UNIQUE )?INDEX \S+ ON (\S+) /.exec(def);
  if (!head) throw new Error(`Unexpected index definition: ${def}`);
  let rest = def.slice(head[0].length);
  for (const column of columns)
    rest = rest.replace(new RegExp(`(?<![\\w."])"?${column}"?(?![\\w"])`, 'g'), `${column}${WIDE}`);
  const how = concurrently ? 'CONCURRENTLY ' : '';
  return `CREATE ${head[1] ?? ''}INDEX ${how}${copy} ON ${head[2]} ${rest}`;
}

async function copyIndexes(db: Db, table: string, columns: Column[], concurrently: boolean): Promise<void> {
  for (const index of await indexesOn(db, table, columns)) {
    if (index.constraint === 'x')
      throw new Error(`Cannot widen the columns of exclusion constraint ${index.name}`);
    const copy = copyName(index);
    const [existing] = await queryRows<{ valid: boolean }>(
      db,
      sql`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = ${copy} and c.relnamespace = 'public'::regnamespace`,
    );
    if (existing?.valid) continue;
    // A concurrent build that was interrupted leaves an invalid index behind: build it again.
    if (existing) await db.execute(sql`drop index ${sql.identifier(copy)}`);
    const names = columns.map((c) => c.column);
    await db.execute(sql.raw(copyDefinition(index.def, copy, names, concurrently)));
  }
}

interface Dependent {
  table: string;
  name: string;
  def: string;
}

async function swap(db: Db, columns: Column[]): Promise<void> {
  const tables = [...new Set(columns.map((c) => c.table))];
  const tableList = columns.map((c) => c.table);
  const columnList = columns.map((c) => c.column);
  const narrow = sql`select a.attrelid, a.attnum from unnest(${sql.param(tableList)}::text[], ${sql.param(columnList)}::text[]) as p(t, c)
    join pg_attribute a on a.attrelid = format('%I', p.t)::regclass and a.attname = p.c`;
  await briefly(db, async (tx) => {
    await tx.execute(
      sql`lock table ${sql.join(
        tables.map((t) => sql.identifier(t)),
        sql`, `,
      )} in access exclusive mode`,
    );
    // Keys and checks that name a narrow column, on either side of a key.
    const constraints = await queryRows<Dependent>(
      tx,
      sql`with narrow as (${narrow})
          select k.conrelid::regclass::text as "table", k.conname as name, pg_get_constraintdef(k.oid) as def
          from pg_constraint k
          where k.contype in ('f', 'c')
            and (exists (select 1 from narrow n where n.attrelid = k.conrelid and n.attnum = any(k.conkey))
                 or exists (select 1 from narrow n where n.attrelid = k.confrelid and n.attnum = any(k.confkey)))
          order by 1, 2`,
    );
    const triggers = await queryRows<Dependent>(
      tx,
      sql`with narrow as (${narrow})
          select t.tgrelid::regclass::text as "table", t.tgname as name, pg_get_triggerdef(t.oid) as def
          from pg_trigger t
          where not t.tgisinternal and exists (
            select 1 from pg_depend d join narrow n on n.attrelid = d.refobjid and n.attnum = d.refobjsubid
            where d.classid = 'pg_trigger'::regclass and d.objid = t.oid)
          order by 1, 2`,
    );
    const indexes = new Map<string, IndexOnColumn[]>();
    for (const table of tables)
      indexes.set(
        table,
        await indexesOn(
          tx,
          table,
          columns.filter((c) => c.table === table),
        ),
      );

    for (const k of constraints)
      await tx.execute(sql`alter table ${sql.identifier(k.table)} drop constraint ${sql.identifier(k.name)}`);
    for (const t of triggers)
      await tx.execute(sql`drop trigger ${sql.identifier(t.name)} on ${sql.identifier(t.table)}`);
    for (const table of tables) {
      await tx.execute(sql`drop trigger ${sql.identifier(`${table}_widen_ids`)} on ${sql.identifier(table)}`);
      await tx.execute(sql`drop function ${sql.identifier(`${table}_widen_ids`)}()`);
      for (const index of indexes.get(table) ?? [])
        await tx.execute(
          index.constraint
            ? sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(index.name)}`
            : sql`drop index ${sql.identifier(index.name)}`,
        );
    }
    for (const column of columns) await swapColumn(tx, column);
    for (const table of tables)
      for (const index of indexes.get(table) ?? []) {
        const copy = sql.identifier(copyName(index));
        const name = sql.identifier(index.name);
        if (index.constraint === 'p')
          await tx.execute(
            sql`alter table ${sql.identifier(table)} add constraint ${name} primary key using index ${copy}`,
          );
        else if (index.constraint === 'u')
          await tx.execute(
            sql`alter table ${sql.identifier(table)} add constraint ${name} unique using index ${copy}`,
          );
        else await tx.execute(sql`alter index ${copy} rename to ${name}`);
      }
    for (const t of triggers) await tx.execute(sql.raw(t.def));
    for (const k of constraints)
      await tx.execute(
        sql`alter table ${sql.identifier(k.table)} add constraint ${sql.identifier(k.name)} ${sql.raw(
          k.def.replace(/ NOT VALID$/, ''),
        )} not valid`,
      );
  });
}

async function swapColumn(tx: Tx, column: Column): Promise<void> {
  const t = sql.identifier(column.table);
  const c = sql.identifier(column.column);
  let sequence: { last: string; called: boolean } | undefined;
  if (column.identity) {
    const [{ name }] = await queryRows<{ name: string }>(
      tx,
      sql`select pg_get_serial_sequence(${`"${column.table}"`}, ${column.column}) as name`,
    );
    [sequence] = await queryRows<{ last: string; called: boolean }>(
      tx,
      sql`select last_value::text as last, is_called as called from ${sql.raw(name)}`,
    );
    await tx.execute(sql`alter table ${t} alter column ${c} drop identity`);
  }
  await tx.execute(sql`alter table ${t} drop column ${c}`);
  await tx.execute(sql`alter table ${t} rename column ${wide(column.column)} to ${c}`);
  if (column.notNull) {
    // The validated check lets PostgreSQL set NOT NULL without reading the rows.
    await tx.execute(sql`alter table ${t} alter column ${c} set not null`);
    await tx.execute(sql`alter table ${t} drop constraint ${sql.identifier(checkName(column))}`);
  }
  if (column.default)
    await tx.execute(
      sql`alter table ${t} alter column ${c} set default ${sql.raw(column.default.replaceAll('::integer', '::bigint'))}`,
    );
  if (sequence) {
    await tx.execute(sql`alter table ${t} alter column ${c} add generated by default as identity`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`"${column.table}"`}, ${column.column}), ${sequence.last}::bigint, ${sequence.called})`,
    );
  }
}
