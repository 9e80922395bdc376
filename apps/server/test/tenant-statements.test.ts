import { describe, expect, it } from 'vitest';
import { normalizeStatement, tenantViolations } from './tenant-statements';

describe('the tenant-condition check', () => {
  it('flags a tenant table whose firm the statement leaves unnamed, and passes one that names it', () => {
    expect(tenantViolations('select "id" from "notes" where "notes"."request_id" = $1')).toEqual(['notes']);
    expect(
      tenantViolations(
        'select "id" from "notes" where ("notes"."company_id" = $1 and "notes"."request_id" = $2)',
      ),
    ).toEqual([]);
    expect(tenantViolations('select "name" from "providers" where "providers"."id" = $1')).toEqual([]);
  });

  it('follows aliases and joins: each tenant table needs its own condition', () => {
    const joined = `select n.id from notes n join requests r on r.id = n.request_id where r.company_id = $1`;
    expect(tenantViolations(joined)).toEqual(['notes']);
    expect(tenantViolations(`${joined} and n.company_id = r.company_id`)).toEqual([]);
    expect(tenantViolations('update "files" set "archived" = $1 where "files"."id" = $2')).toEqual(['files']);
    expect(tenantViolations('delete from "sessions" where "sessions"."company_id" in ($1)')).toEqual([]);
  });

  it('needs a firm named by value: chaining tables to each other names no firm', () => {
    const chained = `select r.id, (select max(n.id) from notes n where n.company_id = "requests"."company_id"
      and n.request_id = "requests"."id") from "requests" where "requests"."id" = $1`;
    expect(tenantViolations(chained)).toEqual(['notes', 'requests']);
    expect(tenantViolations(`${chained} and "requests"."company_id" = $2`)).toEqual([]);
    expect(tenantViolations(`${chained} and $2 = "requests"."company_id"`)).toEqual([]);
  });

  it('does not count company_id in the select list as a condition', () => {
    expect(tenantViolations('select "notes"."company_id" from "notes" where "notes"."id" = $1')).toEqual([
      'notes',
    ]);
  });

  it('compares parameter lists of any length as one', () => {
    expect(normalizeStatement('select 1 from x where id in ($1, $2, $3)')).toBe(
      'select 1 from x where id in ($n)',
    );
  });
});
