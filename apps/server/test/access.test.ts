import { readFileSync, writeFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { requireAccessRules } from '../src/authz';
import { ACCESS_DOC_PATH, renderAccessDoc } from './access-doc';
import { type AccessFixtures, accessFixtures, CALLERS, type Caller } from './access-fixtures';
import { ACCESS_MATRIX, type CallInput } from './access-matrix';
import { firmWithRequest, signedIn } from './factories';
import { getContext, randomIp } from './helpers';
import {
  KNOWN_GAPS_FILE,
  normalizeStatement,
  readKnownGaps,
  recordingStatements,
  tenantViolations,
  writeKnownGaps,
} from './tenant-statements';

/**
 * The access suite: every registered route × every kind of caller (test/access-matrix.ts), called with
 * the target firm's ids. One app, one set of fixtures; each `it` walks one group of routes.
 */
const rowKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

function statusMatches(expected: string, status: number): boolean {
  return expected
    .split('|')
    .some((e) => (e.endsWith('xx') ? String(status)[0] === e[0] : String(status) === e));
}

function urlOf(template: string, input: CallInput): string {
  const path = template.replace(/:([a-z_]+)|\*/g, (match, name?: string) => {
    const value = input.params?.[name ?? '*'];
    if (value === undefined) throw new Error(`${template}: the matrix row gives no value for ${match}`);
    return String(value);
  });
  return input.query ? `${path}?${input.query}` : path;
}

/** Groups rows by the resource in their path, so a failure names the module. */
function groupOf(key: string): string {
  const parts = key.split(' ')[1].split('/').filter(Boolean);
  if (parts[0] === 'api' && parts[1] === 'home') return parts[2];
  return parts[0] === 'api' ? parts[1] : parts[0];
}

/** Firm callers' statements that leave a tenant table's firm unnamed: statement → its tables and routes. */
const FIRM_CALLERS = new Set<Caller>(['firmMember', 'firmStaff', 'otherMember', 'otherStaff']);
const tenantGaps = new Map<string, { tables: string[]; routes: Set<string> }>();
let firmStatements = 0;
function noteTenantViolations(route: string, statements: string[]) {
  firmStatements += statements.length;
  for (const statement of statements) {
    const tables = tenantViolations(statement);
    if (!tables.length) continue;
    const gap = tenantGaps.get(statement) ?? { tables, routes: new Set<string>() };
    gap.routes.add(route);
    tenantGaps.set(statement, gap);
  }
}

let fixtures: Promise<AccessFixtures> | undefined;
/** What every route answered; ACCESS_MATRIX_OBSERVED=file writes it out, to review when updating the table. */
const observed = new Map<string, string>();
afterAll(() => {
  const file = process.env.ACCESS_MATRIX_OBSERVED;
  if (file) writeFileSync(file, [...observed].map(([key, got]) => `${key}  ${got}`).join('\n'));
});
async function world() {
  const ctx = await getContext();
  fixtures ??= accessFixtures(ctx.deps);
  return { app: ctx.app, fx: await fixtures };
}

describe('access matrix', () => {
  it('every registered route has a matrix row with the rule it declares, and no row is stale', async () => {
    const { app } = await getContext();
    const registered = new Map(app.routeAccess.map((r) => [rowKey(r.method, r.url), r.access]));
    const missing = [...registered.keys()].filter((key) => !ACCESS_MATRIX[key]);
    expect(
      missing,
      'routes without a row in the access matrix (add one to test/access-matrix-accounts.ts or -records.ts)',
    ).toEqual([]);
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !registered.has(key));
    expect(stale, 'access matrix rows for routes that no longer exist').toEqual([]);
    const changed = [...registered].filter(([key, access]) => ACCESS_MATRIX[key].access !== access);
    expect(changed, 'routes whose declared rule differs from the matrix').toEqual([]);
    for (const [key, row] of Object.entries(ACCESS_MATRIX)) {
      expect(row.expect.split(' '), `${key}: one expected status per caller`).toHaveLength(CALLERS.length);
    }
  });

  it('docs/access.md is generated from the matrix (run `npm run docs:access` after changing it)', () => {
    expect(readFileSync(ACCESS_DOC_PATH, 'utf8')).toBe(renderAccessDoc());
  });

  const groups = new Map<string, string[]>();
  for (const key of Object.keys(ACCESS_MATRIX))
    groups.set(groupOf(key), [...(groups.get(groupOf(key)) ?? []), key]);
  for (const [group, keys] of groups) {
    it(`${group}: every caller gets the status the matrix states`, async () => {
      const { app, fx } = await world();
      const registered = new Set(app.routeAccess.map((r) => `${r.method} ${r.url}`));
      const wrong: string[] = [];
      for (const key of keys) {
        const row = ACCESS_MATRIX[key];
        const [method, url] = key.split(' ');
        // HEAD is Fastify's twin of a GET: it must answer the same.
        const methods = method === 'GET' && registered.has(`HEAD ${url}`) ? ['GET', 'HEAD'] : [method];
        const expected = row.expect.split(' ');
        for (const m of methods) {
          const got: number[] = [];
          const bodies: string[] = [];
          for (const caller of CALLERS) {
            const input = (await row.input?.(fx, caller)) ?? {};
            const headers = row.endsSession ? await fx.freshSession(caller) : fx.headers(caller);
            const call = () =>
              app.inject({
                method: m as 'GET',
                url: urlOf(url, input),
                headers,
                remoteAddress: randomIp(),
                ...(input.body === undefined ? {} : { payload: input.body as object }),
                ...(row.stream ? { payloadAsStream: true } : {}),
              });
            const { result: res, statements } = await recordingStatements(call);
            if (FIRM_CALLERS.has(caller)) noteTenantViolations(`${m} ${url}`, statements);
            got.push(res.statusCode);
            if (row.stream) {
              res.stream().destroy();
              continue;
            }
            const leaked = caller.startsWith('other') && res.statusCode < 300;
            for (const marker of leaked ? fx.targetMarkers : []) {
              if (res.body.includes(marker))
                wrong.push(`${m} ${url}: ${caller} was shown "${marker}" of the target firm`);
            }
            if (![401, 403, 404].includes(res.statusCode) && res.statusCode >= 400)
              bodies.push(`${caller}: ${res.body}`);
          }
          observed.set(`${m} ${url}`, [got.join(' '), ...bodies].join('\n    '));
          if (!got.every((status, i) => statusMatches(expected[i], status))) {
            wrong.push(`${m} ${url}\n  expected ${row.expect}\n  got      ${got.join(' ')}`);
          }
        }
      }
      expect(wrong.join('\n'), `cells that differ (callers: ${CALLERS.join(' ')})`).toBe('');
    });
  }
});

describe('tenant conditions', () => {
  it("every statement of a firm's call names the firm on each tenant table it reads, or is a known gap", () => {
    expect(firmStatements, 'the access matrix above ran and recorded statements').toBeGreaterThan(1000);
    const found = new Map([...tenantGaps].map(([statement, gap]) => [normalizeStatement(statement), gap]));
    if (process.env.TENANT_GAPS_WRITE === '1') writeKnownGaps([...found.keys()]);
    const known = readKnownGaps();
    const fresh = [...found]
      .filter(([statement]) => !known.has(statement))
      .map(
        ([statement, gap]) =>
          `${gap.tables.join(', ')} in ${[...gap.routes].slice(0, 3).join(', ')}\n    ${statement}`,
      )
      .sort();
    expect(
      fresh.join('\n'),
      `statements without a company_id condition (add it; see ${KNOWN_GAPS_FILE} for the known ones)`,
    ).toBe('');
  });
});

describe('access rules', () => {
  it('registering a route without a known rule fails at start-up, naming the route', async () => {
    const bare = Fastify();
    requireAccessRules(bare);
    bare.get('/ok', { config: { access: 'public' } }, async () => 'x');
    expect(bare.routeAccess).toContainEqual({ method: 'GET', url: '/ok', access: 'public' });
    expect(() => bare.get('/nope', async () => 'x')).toThrow('Route GET /nope has no access rule');
    // A misspelt rule is no rule either (the cast stands for a typo the type checker did not see).
    expect(() =>
      bare.get('/typo', { config: { access: 'internalStafff' as 'public' } }, async () => 'x'),
    ).toThrow(/has no access rule/);
    await bare.close();
  });

  it('a forged or expired token counts as anonymous', async () => {
    const { app } = await getContext();
    const res = await app.inject({ url: '/users/user/', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
  });

  it('names an unknown query parameter in a 400', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const res = await app.inject({ url: '/api/home/request/?foo=1&bar=2', headers: caller.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unknown query parameters: foo, bar');
  });

  it('accepts a spec delete call that sends no body at all', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const res = await app.inject({
      method: 'POST',
      url: `/api/home/request/${firm.request.id}/delete/`,
      headers: firm.paralegal.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
