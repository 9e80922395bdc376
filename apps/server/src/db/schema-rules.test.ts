import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../test/helpers';
import { type Db, queryRows } from './client';
import { BOUNDED_ID_TABLES, DISTRIBUTED_TABLES, LOCAL_TABLES, REFERENCE_TABLES } from './distribution';

/**
 * The rules docs/scale.md sets for a schema that a distributed PostgreSQL (Citus) can shard by firm,
 * checked on the migrated database itself so the schema cannot drift from the plan:
 *
 * 0. every table is placed (src/db/distribution.ts): distributed by company_id, a reference table, or local
 *    to the coordinator;
 * 1. a distributed table's primary key and unique indexes include company_id;
 * 2. a foreign key between two distributed tables includes company_id on both sides;
 * 3. no foreign key from a table that is not distributed to one that is;
 * 4. a distributed table's id is a bigint, unless the table is bounded by the number of firms or people
 *    (BOUNDED_ID_TABLES), and every column of a foreign key has the type of the column it points at, so an
 *    id that a bigint holds fits wherever it is written.
 *
 * schema-gaps.txt lists each breach known today (none since migration 0076).
 * A new breach fails the test; `SCHEMA_GAPS_WRITE=1` rewrites the list from the database.
 */

const gapsPath = new URL('./schema-gaps.txt', import.meta.url);
const HEADER = `# Breaches of the distribution rules known today (src/db/schema-rules.test.ts, docs/scale.md).
# Each line goes when the schema is fixed; a breach not listed here fails the test.
`;

async function breaches(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in (select table_name from custom_model_migrations)`,
  );
  const found: string[] = [];
  for (const { name } of tables)
    if (!DISTRIBUTED_TABLES.has(name) && !REFERENCE_TABLES.has(name) && !LOCAL_TABLES.has(name))
      found.push(`unplaced table ${name}: add it to a list of src/db/distribution.ts`);

  const keys = await queryRows<{ table: string; index: string; columns: string[] }>(
    db,
    sql`select t.relname as "table", i.relname as "index",
          array(select coalesce(a.attname::text, 'expression') from unnest(x.indkey) k
                left join pg_attribute a on a.attrelid = t.oid and a.attnum = k) as columns
        from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and x.indisunique`,
  );
  for (const key of keys)
    if (DISTRIBUTED_TABLES.has(key.table) && key.table !== 'companies' && !key.columns.includes('company_id'))
      found.push(`rule 1: ${key.table} unique ${key.index} (${key.columns.join(', ')}) lacks company_id`);

  const foreign = await queryRows<{
    name: string;
    from: string;
    to: string;
    fromColumns: string[];
    toColumns: string[];
    fromTypes: string[];
    toTypes: string[];
  }>(
    db,
    sql`select c.conname as name, f.relname as "from", t.relname as "to",
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "fromColumns",
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "toColumns",
          array(select format_type(a.atttypid, null) from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "fromTypes",
          array(select format_type(a.atttypid, null) from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "toTypes"
        from pg_constraint c join pg_class f on f.oid = c.conrelid join pg_class t on t.oid = c.confrelid
        join pg_namespace n on n.oid = f.relnamespace
        where n.nspname = 'public' and c.contype = 'f'`,
  );
  for (const fk of foreign)
    fk.fromColumns.forEach((column, i) => {
      if (fk.fromTypes[i] !== fk.toTypes[i])
        found.push(
          `rule 4: ${fk.name} ${fk.from}.${column} is ${fk.fromTypes[i]}, ${fk.to}.${fk.toColumns[i]} ${fk.toTypes[i]}`,
        );
    });
  for (const fk of foreign) {
    if (!DISTRIBUTED_TABLES.has(fk.to)) continue;
    if (!DISTRIBUTED_TABLES.has(fk.from)) {
      found.push(`rule 3: ${fk.name} from ${fk.from} (not distributed) to ${fk.to}`);
      continue;
    }
    const toTenant =
      fk.to === 'companies' ? fk.toColumns.includes('id') : fk.toColumns.includes('company_id');
    if (!fk.fromColumns.includes('company_id') || !toTenant)
      found.push(
        `rule 2: ${fk.name} ${fk.from} (${fk.fromColumns.join(', ')}) → ${fk.to} (${fk.toColumns.join(', ')})`,
      );
  }

  const ids = await queryRows<{ table: string; type: string }>(
    db,
    sql`select table_name as "table", data_type as type from information_schema.columns
        where table_schema = 'public' and column_name = 'id'`,
  );
  for (const id of ids)
    if (DISTRIBUTED_TABLES.has(id.table) && !BOUNDED_ID_TABLES.has(id.table) && id.type === 'integer')
      found.push(`rule 4: ${id.table}.id is an integer`);
  return found.sort();
}

describe('the schema follows the distribution rules (docs/scale.md)', () => {
  it('breaks no rule beyond the breaches listed in schema-gaps.txt', async () => {
    const { database } = await getContext();
    const found = await breaches(database.db);
    if (process.env.SCHEMA_GAPS_WRITE === '1') writeFileSync(gapsPath, `${HEADER}${found.join('\n')}\n`);
    const known = new Set(
      readFileSync(gapsPath, 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#')),
    );
    expect(found.filter((breach) => !known.has(breach))).toEqual([]);
  });
});
