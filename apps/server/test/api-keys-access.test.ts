import { API_KEY_SCOPES, type ApiKeyScope } from '@dd/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newApiKey } from '../src/auth/api-key-auth';
import { API_KEY_ROUTES } from '../src/authz/api-key-scopes';
import { apiKeys, users } from '../src/db/schema';
import { type AccessFixtures, accessFixtures, CALLERS, type Caller } from './access-fixtures';
import { ACCESS_MATRIX, type CallInput } from './access-matrix';
import { getContext, randomIp } from './helpers';

/**
 * The access matrix for API-key callers: every route a key may call, with a key holding its scope (it
 * answers as the key's creator, a firm administrator, does), with a key holding every other scope (403),
 * with another firm's key (what the other firm's administrator gets: never the target firm's records),
 * and with a revoked key (401); every other route refuses any key (403).
 */
const STAFF = CALLERS.indexOf('firmStaff');
const OTHER_STAFF = CALLERS.indexOf('otherStaff');
const NEVER_FOR_KEYS = [
  /^\/users\//,
  /^\/api\/user\/user\//,
  /^\/api\/user\/invite\//,
  /^\/api\/keys\//,
  /billing|invoice/,
];

function statusMatches(expected: string, status: number): boolean {
  return expected
    .split('|')
    .some((e) => (e.endsWith('xx') ? String(status)[0] === e[0] : String(status) === e));
}

function urlOf(template: string, input: CallInput): string {
  const path = template.replace(/:([a-z_]+)|\*/g, (_m, name?: string) => String(input.params?.[name ?? '*']));
  return input.query ? `${path}?${input.query}` : path;
}

let fixtures: Promise<AccessFixtures> | undefined;
async function world() {
  const ctx = await getContext();
  fixtures ??= accessFixtures(ctx.deps);
  return { ...ctx, fx: await fixtures };
}

/** A fresh key of the caller's firm made by the caller (each call gets its own, so no rate limit is reached). */
async function keyOf(caller: Caller, scopes: readonly ApiKeyScope[], revoked = false): Promise<string> {
  const { deps, fx } = await world();
  const [creator] = await deps.db
    .select()
    .from(users)
    .where(eq(users.id, fx.userId(caller)));
  const { key, hash, hint } = newApiKey(creator.companyId);
  await deps.db.insert(apiKeys).values({
    companyId: creator.companyId,
    name: 'Matrix key',
    scopes: [...scopes],
    keyHash: hash,
    hint,
    createdById: creator.id,
    revokedAt: revoked ? sql`now()` : null,
  });
  return key;
}

async function callWithKey(route: string, caller: Caller, key: string) {
  const { app, fx } = await world();
  const [method, url] = route.split(' ');
  const input = (await ACCESS_MATRIX[route]?.input?.(fx, caller)) ?? {};
  return app.inject({
    method: method as 'GET',
    url: urlOf(url, input),
    headers: { 'x-api-key': key },
    remoteAddress: randomIp(),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
}

describe('access matrix for API keys', () => {
  it('opens only registered firm routes to keys: no account, user, key, billing or internal route', async () => {
    const { app } = await getContext();
    const rules = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const route of Object.keys(API_KEY_ROUTES)) {
      expect(rules.get(route), `${route} is a registered route any firm user may call`).toBe('authenticated');
      const url = route.split(' ')[1];
      expect(
        NEVER_FOR_KEYS.some((re) => re.test(url)),
        `${route} must stay closed to keys`,
      ).toBe(false);
    }
  });

  it('each route: its scope lets the key in as its firm, every other scope gets 403', async () => {
    const wrong: string[] = [];
    for (const [route, scopes] of Object.entries(API_KEY_ROUTES)) {
      const expected = ACCESS_MATRIX[route].expect.split(' ')[STAFF];
      const allowed = await callWithKey(route, 'firmStaff', await keyOf('firmStaff', [scopes[0]]));
      if (!statusMatches(expected, allowed.statusCode))
        wrong.push(
          `${route} with ${scopes[0]}: expected ${expected}, got ${allowed.statusCode} ${allowed.body}`,
        );
      const others = API_KEY_SCOPES.filter((s) => !scopes.includes(s));
      if (others.length === 0) continue;
      const denied = await callWithKey(route, 'firmStaff', await keyOf('firmStaff', others));
      if (denied.statusCode !== 403)
        wrong.push(`${route} without its scope: expected 403, got ${denied.statusCode}`);
    }
    expect(wrong.join('\n')).toBe('');
  });

  it('another firm’s key never reaches the target firm’s records, and a revoked key gets 401', async () => {
    const { fx } = await world();
    const wrong: string[] = [];
    for (const route of Object.keys(API_KEY_ROUTES)) {
      const expected = ACCESS_MATRIX[route].expect.split(' ')[OTHER_STAFF];
      const res = await callWithKey(route, 'otherStaff', await keyOf('otherStaff', API_KEY_SCOPES));
      if (!statusMatches(expected, res.statusCode))
        wrong.push(`${route} by another firm's key: expected ${expected}, got ${res.statusCode}`);
      for (const marker of res.statusCode < 300 ? fx.targetMarkers : [])
        if (res.body.includes(marker)) wrong.push(`${route}: another firm's key was shown "${marker}"`);
      const revoked = await callWithKey(route, 'firmStaff', await keyOf('firmStaff', API_KEY_SCOPES, true));
      if (revoked.statusCode !== 401)
        wrong.push(`${route} with a revoked key: expected 401, got ${revoked.statusCode}`);
    }
    expect(wrong.join('\n')).toBe('');
  });

  it('every other signed-in route (staff, account, user and key routes) answers 403 to a key with every scope', async () => {
    const { app } = await getContext();
    const closed = app.routeAccess.filter(
      (r) => r.access !== 'public' && r.method !== 'HEAD' && !API_KEY_ROUTES[`${r.method} ${r.url}`],
    );
    expect(closed.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const r of closed) {
      const res = await callWithKey(
        `${r.method} ${r.url}`,
        'firmStaff',
        await keyOf('firmStaff', API_KEY_SCOPES),
      );
      if (res.statusCode !== 403) wrong.push(`${r.method} ${r.url}: expected 403, got ${res.statusCode}`);
    }
    expect(wrong.join('\n')).toBe('');
  });
});
