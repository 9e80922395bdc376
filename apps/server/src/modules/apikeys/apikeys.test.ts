import { API_KEY_MSG, API_KEY_PREFIX, type ApiKeyScope } from '@dd/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, createProvider, firmWithRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID, randomIp } from '../../../test/helpers';
import { apiKeys, auditEvents, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

/** A firm's API keys: create (secret once), list (no secret), revoke; and a key's calls as its firm. */
async function createKey(headers: Record<string, string>, scopes: ApiKeyScope[], name = 'Case system') {
  const { app } = await getContext();
  return app.inject({ method: 'POST', url: '/api/keys/', headers, payload: { name, scopes } });
}

async function withKey(key: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  const { app } = await getContext();
  return app.inject({ method, url, headers: { 'x-api-key': key }, remoteAddress: randomIp(), payload });
}

async function keyAudit(keyId: number) {
  const { deps } = await getContext();
  return deps.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'api_key.call'),
        sql`${auditEvents.details}->>'api_key_id' = ${String(keyId)}`,
      ),
    );
}

describe('API keys of a firm', () => {
  it('answers the key once, keeps only its hash and lists it without the secret', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const res = await createKey(firm.staff.headers, ['read_requests', 'read_requests', 'read_files']);
    expect(res.statusCode, res.body).toBe(201);
    const { id, key } = res.json();
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}${firm.company.id}\\.[\\w-]{43}$`));

    const [stored] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(JSON.stringify(stored)).not.toContain(key.slice(API_KEY_PREFIX.length));
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await app.inject({ url: '/api/keys/', headers: firm.staff.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json()).toEqual([
      {
        id,
        name: 'Case system',
        scopes: ['read_requests', 'read_files'],
        hint: `${key.slice(0, key.indexOf('.') + 5)}…`,
        created: expect.any(String),
        created_by: { id: firm.staff.user.id, full_name: expect.any(String) },
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    const [created] = await deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'api_key.created'), eq(auditEvents.actorId, firm.staff.user.id)));
    expect(created.details).toMatchObject({ api_key_id: id, scopes: ['read_requests', 'read_files'] });
  });

  it('refuses a key without a name or scopes, with the messages the form shows', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const res = await createKey(firm.staff.headers, [], ' ');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: API_KEY_MSG.nameRequired, scopes: API_KEY_MSG.scopesRequired });
  });

  it('is for firm administrators only: members, internal staff and keys themselves are refused', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    expect((await createKey(firm.paralegal.headers, ['read_requests'])).statusCode).toBe(403);
    const internalStaff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    expect((await createKey(internalStaff.headers, ['read_requests'])).statusCode).toBe(403);
    const { key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    const res = await withKey(key, '/api/keys/', 'POST', { name: 'More', scopes: ['read_requests'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(API_KEY_MSG.routeClosed);
    expect((await withKey(key, '/api/keys/')).statusCode).toBe(403);
  });

  it('acts as its firm: lists the firm’s requests, records its last use and audits every call', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { id, key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    const res = await withKey(key, '/api/home/request/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([firm.request.id]);
    const detail = await withKey(key, `/api/home/request/${firm.request.id}/`);
    expect(detail.statusCode).toBe(200);

    const [row] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.lastUsedAt).not.toBeNull();
    const calls = await keyAudit(id);
    expect(calls.map((c) => c.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', route: '/api/home/request/', status: 200 }),
        expect.objectContaining({
          route: '/api/home/request/:id/',
          path: `/api/home/request/${firm.request.id}/`,
        }),
      ]),
    );
    expect(calls.every((c) => c.actorId === firm.staff.user.id && c.ip)).toBe(true);
  });

  it('answers 403 naming the missing scope, and audits the refusal', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { id, key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    const res = await withKey(key, '/api/home/patient/');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(API_KEY_MSG.missingScope('Manage clients'));
    expect((await keyAudit(id)).map((c) => c.details)).toContainEqual(
      expect.objectContaining({ route: '/api/home/patient/', status: 403 }),
    );
  });

  it('never reaches account, user-management or staff routes, whatever its scopes', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const all: ApiKeyScope[] = ['read_requests', 'create_requests', 'read_files', 'manage_clients'];
    const { key } = (await createKey(firm.staff.headers, all)).json();
    for (const url of [
      '/users/user/',
      '/api/user/user/',
      '/api/home/billing/',
      '/api/invoices/',
      '/api/home/request/todo/',
    ]) {
      const res = await withKey(key, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe(API_KEY_MSG.routeClosed);
    }
  });

  it('stops at once when revoked, and revoking twice or another firm’s key is refused', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { id, key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    expect((await withKey(key, '/api/home/request/')).statusCode).toBe(200);

    const other = await signedIn(deps, { companyId: (await createCompany(deps.db)).id, isStaff: true });
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/keys/${id}/revoke/`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const revoke = await app.inject({
      method: 'POST',
      url: `/api/keys/${id}/revoke/`,
      headers: firm.staff.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).toEqual(expect.any(String));
    const after = await withKey(key, '/api/home/request/');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(API_KEY_MSG.invalid);
    const again = await app.inject({
      method: 'POST',
      url: `/api/keys/${id}/revoke/`,
      headers: firm.staff.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('stops when its creator is deactivated, and a made-up key is refused', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    await deps.db.update(users).set({ isActive: false }).where(eq(users.id, firm.staff.user.id));
    expect((await withKey(key, '/api/home/request/')).statusCode).toBe(401);
    expect((await withKey(`${API_KEY_PREFIX}${'x'.repeat(43)}`, '/api/home/request/')).statusCode).toBe(401);
  });

  it('carries its firm: its secret under another firm’s number is refused; a key made before that still works', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const other = await createCompany(deps.db);
    const { key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    const secret = key.slice(key.indexOf('.') + 1);
    for (const firmId of [other.id, 99_999_999_999]) {
      const elsewhere = await withKey(`${API_KEY_PREFIX}${firmId}.${secret}`, '/api/home/request/');
      expect(elsewhere.statusCode).toBe(401);
    }
    expect((await withKey(key, '/api/home/request/')).statusCode).toBe(200);

    const before = `${API_KEY_PREFIX}${'k'.repeat(43)}`;
    await deps.db.insert(apiKeys).values({
      companyId: firm.company.id,
      name: 'Made before keys named their firm',
      scopes: ['read_requests'],
      keyHash: sha256(before),
      hint: 'ddk_kkkk…',
      createdById: firm.staff.user.id,
    });
    expect((await withKey(before, '/api/home/request/')).statusCode).toBe(200);
  });

  it('sees what its creator sees: a creator who is no longer an administrator sees only their own requests', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    await deps.db.update(users).set({ isStaff: false }).where(eq(users.id, firm.staff.user.id));
    const list = await withKey(key, '/api/home/request/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([]);
    expect((await withKey(key, `/api/home/request/${firm.request.id}/`)).statusCode).toBe(404);
  });

  it('does not see another firm’s request (404)', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const other = await firmWithRequest(deps);
    const { key } = (await createKey(other.staff.headers, ['read_requests'])).json();
    expect((await withKey(key, `/api/home/request/${firm.request.id}/`)).statusCode).toBe(404);
    const list = await withKey(key, '/api/home/request/');
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([other.request.id]);
  });

  it('is rate limited per key: API_KEY_RATE_LIMIT calls a minute, then 429; another key is not affected', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const limit = deps.config.API_KEY_RATE_LIMIT;
    expect(limit).toBe(120);
    const { key } = (await createKey(firm.staff.headers, ['read_requests'])).json();
    for (let batch = 0; batch < limit; batch += 20) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(20, limit - batch) }, () => withKey(key, '/api/home/requesttype/')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    }
    const over = await withKey(key, '/api/home/requesttype/');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(API_KEY_MSG.tooMany);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const second = (await createKey(firm.staff.headers, ['read_requests'])).json();
    expect((await withKey(second.key, '/api/home/requesttype/')).statusCode).toBe(200);
  });

  it('is declared in the OpenAPI document: the key scheme, and the scope on each route open to keys', async () => {
    const { app } = await getContext();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    const list = doc.paths['/api/home/request/'].get;
    expect(list.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(list.description).toContain('Read requests (`read_requests`)');
    expect(doc.paths['/api/keys/'].get.security).toEqual([{ bearerAuth: [] }]);
    const detail = doc.paths['/api/home/request/{id}/'].get;
    expect(detail.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    // The partner's worked examples: order a request, list a client's requests, download the package.
    const order = doc.paths['/api/home/request/'].post;
    expect(order.summary).toMatch(/^Order a request/);
    expect(order.requestBody.content['application/json'].example).toMatchObject({
      patient: 42,
      provider: [310],
    });
    expect(list.parameters.find((p: { name: string }) => p.name === 'patient').example).toBe(42);
    expect(doc.paths['/api/home/request/{id}/package/'].get.description).toContain(
      'Read files (`read_files`)',
    );
  });

  it('runs the calls docs/api.md shows: order a request for a client, then list that client’s requests', async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const provider = await createProvider(deps.db);
    const { key } = (await createKey(firm.staff.headers, ['create_requests', 'read_requests'])).json();
    const order = {
      user: firm.paralegal.user.id,
      patient: firm.patient.id,
      provider: [provider.id],
      request_type: 'Medical Records',
      start_date: '2020-01-01',
      end_date: '2024-12-31',
    };
    const ordered = await withKey(key, '/api/home/request/', 'POST', order);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const [made] = ordered.json().results;
    expect(made).toMatchObject({ company_id: firm.company.id, requester_id: firm.staff.user.id });
    const listed = await withKey(key, `/api/home/request/?patient=${firm.patient.id}`);
    expect(listed.statusCode).toBe(200);
    const notes = await withKey(key, `/api/home/notes/?request=${made.id}`);
    expect(notes.statusCode, notes.body).toBe(200);
    const lookUp = (await createKey(firm.staff.headers, ['manage_clients', 'read_requests'])).json().key;
    const clients = await withKey(
      lookUp,
      `/api/home/patient/?name=${encodeURIComponent(firm.patient.lastName)}`,
    );
    expect(clients.json().map((c: { id: number }) => c.id)).toEqual([firm.patient.id]);
    const providers = await withKey(lookUp, `/api/home/provider/?name=${encodeURIComponent(provider.name)}`);
    expect(providers.json().map((p: { id: number }) => p.id)).toContain(provider.id);
    expect((await withKey(lookUp, `/api/user/User/?company_id=${firm.company.id}`)).statusCode).toBe(200);
    expect(
      listed
        .json()
        .results.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([firm.request.id, made.id].sort());
  });
});
