import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepStatementsPrepared, preparesOnItsOwn, STATEMENTS_PER_CONNECTION } from './statement-cache';

describe('which statements a connection keeps prepared', () => {
  it('prepares writes and look-ups, and plans lists, counts and searches on every call', () => {
    expect(preparesOnItsOwn('insert into "notes" ("text") values ($1)')).toBe(true);
    expect(preparesOnItsOwn('update "requests" set "status" = $1 where "id" = $2')).toBe(true);
    expect(preparesOnItsOwn('select "full_name" from "users" where "users"."id" = $1 for update')).toBe(true);
    expect(preparesOnItsOwn('select "id" from "requests" where "company_id" = $1 order by "id" desc')).toBe(
      false,
    );
    expect(preparesOnItsOwn('select count(*) from "requests" where "company_id" = $1')).toBe(false);
    expect(preparesOnItsOwn('select "id" from "patients" where "full_name" ilike $1')).toBe(false);
    expect(preparesOnItsOwn('with page as (select 1 limit $1) select * from page')).toBe(false);
  });
});

/** What PostgreSQL itself holds prepared on the connection, by the app's statement-cache names. */
const preparedOn = async (client: pg.Client) =>
  (
    await client.query<{ statement: string }>(
      `select statement from pg_prepared_statements where name like 'dd\\_%' order by prepare_time`,
    )
  ).rows.map((r) => r.statement);

describe.skipIf(!process.env.DATABASE_URL)(
  'a connection keeping its statements prepared (PostgreSQL)',
  () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    beforeAll(async () => {
      await client.connect();
      keepStatementsPrepared(client);
    });
    afterAll(() => client.end());

    it('parses a statement once and answers each call with its own values', async () => {
      const lookup = { text: 'select $1::int + 1 as next' };
      expect((await client.query(lookup, [1])).rows).toEqual([{ next: 2 }]);
      expect((await client.query(lookup, [41])).rows).toEqual([{ next: 42 }]);
      expect((await client.query('select $1::text as echoed', ['x'])).rows).toEqual([{ echoed: 'x' }]);
      await client.query('select $1::int as n order by 1 limit 1', [1]);
      expect(await preparedOn(client)).toEqual(['select $1::int + 1 as next', 'select $1::text as echoed']);
    });

    it('stops naming new statements past its bound, and still runs them', async () => {
      expect(await preparedOn(client)).toHaveLength(2);
      for (let i = 0; i < STATEMENTS_PER_CONNECTION + 5; i++) {
        expect((await client.query(`select $1::int * ${i} as product`, [2])).rows).toEqual([
          { product: 2 * i },
        ]);
      }
      expect(await preparedOn(client)).toHaveLength(STATEMENTS_PER_CONNECTION);
    });
  },
);
