import { Writable } from 'node:stream';
import { MSG } from '@dd/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App, AppDeps } from '../src/app-types';
import { newApiKey } from '../src/auth/api-key-auth';
import { apiKeys, patients } from '../src/db/schema';
import { createDeps } from '../src/deps';
import { isBadInputForDatabase } from '../src/lib/errors';
import { upload } from '../src/modules/files/files.test-utils';
import { clientBody } from '../src/modules/patients/patients.fixtures';
import { callers, firmWithRequest, signedIn } from './factories';
import { getContext, testEnv } from './helpers';

/**
 * NUL bytes and huge ids: such input is a 400 that names the problem, never a database error,
 * and nothing a caller sent (client names, search text, query strings) reaches the log at any level.
 */
const MARKER = 'MARKER-7f3a';

let app: App;
let deps: AppDeps;
const logged: string[] = [];

beforeAll(async () => {
  const { database } = await getContext();
  deps = createDeps(testEnv({ LOG_LEVEL: 'trace' }), database.db);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await buildApp(deps, { logger: true, logStream });
});
afterAll(() => app?.close());

function expectMarkerNotLogged() {
  expect(logged.length).toBeGreaterThan(0);
  const log = logged.join('');
  expect(log).not.toContain(MARKER);
  expect(log).not.toMatch(/params:|select |insert into/i);
}

describe('NUL bytes', () => {
  it('answers 400 to a NUL byte in a JSON body and stores nothing', async () => {
    const { firmUser } = await callers(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/patient/',
      headers: firmUser.headers,
      payload: clientBody(firmUser, { last_name: `${MARKER}\u0000`, address_1: `1 ${MARKER} Street` }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(MSG.nulCharacter);
    expect(
      await deps.db
        .select()
        .from(patients)
        .where(like(patients.lastName, `${MARKER}%`)),
    ).toEqual([]);
    expectMarkerNotLogged();
  });

  it('answers 400 to %00 in the query string or the path', async () => {
    const { firmUser } = await callers(deps);
    for (const url of [
      `/api/home/patient/?name=${MARKER}%00`,
      `/api/home/patient/?name=${MARKER}&ssn=%00`,
      '/api/home/patient/1%00/',
      `/api/providers/?name=${MARKER}%00x`,
    ]) {
      const res = await app.inject({ url, headers: firmUser.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(MSG.nulCharacter);
    }
    expectMarkerNotLogged();
  });

  it('answers 400 to a NUL byte inside a nested body value', async () => {
    const firm = await firmWithRequest(deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/notes/',
      headers: firm.paralegal.headers,
      payload: { request: firm.request.id, text: `Called ${MARKER}\u0000 twice` },
    });
    expect(res.statusCode).toBe(400);
    expectMarkerNotLogged();
  });
});

describe('ids above 2^31-1', () => {
  it('answers 400 to a huge id in a path, a query parameter or a body field', async () => {
    const firm = await firmWithRequest(deps);
    const calls = [
      { url: '/api/home/patient/99999999999/' },
      { url: `/api/home/patient/?company=99999999999&name=${MARKER}` },
      { url: '/api/home/patient/2147483648/' },
      { url: `/api/home/provider/?id__in=1,99999999999&name=${MARKER}` },
      { url: '/api/home/notes/?request=99999999999&limit=5' },
      {
        method: 'POST' as const,
        url: '/api/home/notes/',
        payload: { request: 99999999999, text: `Called ${MARKER}` },
      },
      {
        method: 'POST' as const,
        url: '/api/home/patient/',
        payload: clientBody(firm.paralegal, { last_name: MARKER, company: 99999999999 }),
      },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: firm.paralegal.headers });
      expect(res.statusCode, `${call.url} ${res.body}`).toBe(400);
      expect(res.json().error).not.toMatch(/went wrong/);
    }
    // The largest id is still a plain "not found".
    const top = await app.inject({ url: '/api/home/patient/2147483647/', headers: firm.paralegal.headers });
    expect(top.statusCode).toBe(404);
    expectMarkerNotLogged();
  });
});

describe('the database safety net', () => {
  it('recognises PostgreSQL input errors, which the error handler answers with 400', async () => {
    const failing = [
      sql`select ${MARKER}::int`, // 22P02 invalid text representation
      sql`select ${'99999999999'}::int`, // 22003 numeric value out of range
      sql`select ${`${MARKER}\u0000`}::text`, // 22021 invalid byte sequence
      sql`select ${`{"a": "\\u0000"}`}::jsonb`, // 22P05 untranslatable character
    ];
    for (const query of failing) {
      const error = await deps.db.execute(query).catch((e: unknown) => e);
      expect(isBadInputForDatabase(error), String((error as Error).message)).toBe(true);
    }
    const notInput = await deps.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    expect(isBadInputForDatabase(notInput)).toBe(false);
  });
});

describe('logs', () => {
  it('logs requests by path only, without the query string', async () => {
    const { firmUser } = await callers(deps);
    const res = await app.inject({ url: `/api/home/patient/?name=${MARKER}`, headers: firmUser.headers });
    expect(res.statusCode).toBe(200);
    expect(logged.join('')).toContain('"url":"/api/home/patient/"');
    expectMarkerNotLogged();
  });

  it('never logs the bearer token, even at trace level during an upload', async () => {
    const caller = await signedIn(deps);
    const res = await upload(app, caller.headers, {
      bucket: 'supporting-documents',
      filename: `${MARKER}.pdf`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(logged.join('')).not.toContain(caller.access);
    expectMarkerNotLogged();
  });

  it('never logs an API key, even at trace level during an upload; the access line names the key', async () => {
    const firm = await firmWithRequest(deps);
    const { key, hash, hint } = newApiKey(firm.company.id);
    await deps.db.insert(apiKeys).values({
      companyId: firm.company.id,
      name: 'Log check',
      scopes: ['create_requests'],
      keyHash: hash,
      hint,
      createdById: firm.staff.user.id,
    });
    const res = await upload(
      app,
      { 'x-api-key': key },
      { bucket: 'supporting-documents', filename: `${MARKER}.pdf` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = logged.join('');
    expect(lines).not.toContain(key);
    const [row] = await deps.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash));
    expect(
      logged.some((line) => line.includes('request completed') && line.includes(`"api_key_id":${row.id}`)),
    ).toBe(true);
  });

  it('logs a failed query by its code, never its SQL or parameters', async () => {
    const error = await deps.db.execute(sql`select ${MARKER}::int`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    app.log.error(error);
    app.log.error({ err: error }, 'query failed');
    const line = logged.at(-1) ?? '';
    expect(line).toContain('22P02');
    expectMarkerNotLogged();
  });
});
