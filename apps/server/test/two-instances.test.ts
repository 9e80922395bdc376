import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../src/lib/storage';
import { PDF } from '../src/modules/files/files.test-utils';
import { captureSmtp, type SmtpCapture } from './smtp-capture';

/**
 * Two server processes on one PostgreSQL database, one S3-compatible store and one mail server,
 * started at the same moment on an empty database as a rolling deploy would. What one instance
 * does, the other sees: sessions, claims, rate limits, uploads; background work and e-mail are done
 * once between them. PostgreSQL only (PGlite is one process's embedded database).
 */
const url = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'DemoPass123!';
const LOGIN_LIMIT = 3;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Instance {
  base: string;
  process: ChildProcess;
  output: string[];
}

const instances: Instance[] = [];
let smtp: SmtpCapture;
let s3: S3rver;
let dataRoot: string;
let databaseUrl: string;
let adminUrl: URL;

function start(env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { base: `http://127.0.0.1:${env.PORT}`, process: child, output: [] };
  child.stdout?.on('data', (d: Buffer) => instance.output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => instance.output.push(d.toString()));
  return instance;
}

async function ready(instance: Instance) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null)
      throw new Error(`the instance stopped at start:\n${instance.output.join('')}`);
    try {
      if ((await fetch(`${instance.base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the instance did not become ready:\n${instance.output.join('')}`);
}

async function call(instance: Instance, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${instance.base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json: json as Record<string, unknown> & unknown[] };
}

async function signIn(instance: Instance, email: string): Promise<string> {
  const res = await call(instance, 'POST', '/users/token/', { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access as string;
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('two server instances on one database and one store', () => {
  beforeAll(async () => {
    adminUrl = new URL(url as string);
    const name = `dd_two_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

    dataRoot = await mkdtemp(path.join(os.tmpdir(), 'dd-two-'));
    const s3Port = await freePort();
    s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dataRoot, 's3'),
    });
    await s3.run();
    const s3Env = {
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'dd-two',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    await createS3Client({
      region: s3Env.S3_REGION,
      endpoint: s3Env.S3_ENDPOINT,
      accessKeyId: s3Env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3Env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    }).send(new CreateBucketCommand({ Bucket: s3Env.S3_BUCKET }));

    smtp = await captureSmtp();

    const shared = {
      // Not 'production': production never creates demo data, nor starts while demo accounts exist.
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://docs.test',
      INTERNAL_COMPANY_ID: '1',
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '100',
      JOB_POLL_MS: '100',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...s3Env,
    };
    // Both start at once on an empty database: one migrates while the other waits for it.
    const ports = [await freePort(), await freePort()];
    instances.push(
      start({ ...shared, PORT: String(ports[0]), DATA_DIR: path.join(dataRoot, 'a'), SEED_DEMO: 'true' }),
      start({ ...shared, PORT: String(ports[1]), DATA_DIR: path.join(dataRoot, 'b'), SEED_DEMO: 'false' }),
    );
    await Promise.all(instances.map(ready));
    // The demo data the first instance seeds after migrating.
    const deadline = Date.now() + 60_000;
    while (
      (
        await call(instances[0], 'POST', '/users/token/', {
          email: 'staff@directdocs.example',
          password: PASSWORD,
        })
      ).status !== 200
    ) {
      if (Date.now() > deadline) throw new Error('the demo data never appeared');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.process.exitCode !== null) return resolve();
            i.process.once('exit', () => resolve());
            i.process.kill('SIGTERM');
          }),
      ),
    );
    await smtp?.close();
    await s3?.close();
    if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }, 30_000);

  it('both started on an empty database, with every migration applied once', async () => {
    const applied = await query<{ n: number; distinct_n: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
    );
    expect(applied[0].n).toBe(applied[0].distinct_n);
    expect(applied[0].n).toBeGreaterThan(15);
  });

  it('accepts a session opened on one instance on the other', async () => {
    const [a, b] = instances;
    const token = await signIn(a, 'paralegal@smithlaw.example');
    const me = await call(b, 'GET', '/users/user/', undefined, token);
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('paralegal@smithlaw.example');
  });

  it('gives a request claimed on both instances at the same moment to exactly one of them', async () => {
    const [a, b] = instances;
    const [adminToken, staffToken] = await Promise.all([
      signIn(a, 'admin@directdocs.example'),
      signIn(b, 'staff@directdocs.example'),
    ]);
    const people = await query<{ id: number; email: string }>(
      `select id, email from users where email in ('admin@directdocs.example', 'staff@directdocs.example')`,
    );
    const idOf = (email: string) => people.find((p) => p.email === email)?.id;
    const open = await query<{ id: number }>(
      `select id from requests where working_on_id is null and active and status = 'Requested By Lawyer'
       order by id limit 4`,
    );
    expect(open.length).toBeGreaterThan(0);
    for (const { id } of open) {
      const answers = await Promise.all([
        call(
          a,
          'POST',
          `/api/home/request/${id}/`,
          { working_on: idOf('admin@directdocs.example') },
          adminToken,
        ),
        call(
          b,
          'POST',
          `/api/home/request/${id}/`,
          { working_on: idOf('staff@directdocs.example') },
          staffToken,
        ),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0].status === 200 ? 'admin@directdocs.example' : 'staff@directdocs.example';
      const [row] = await query<{ working_on_id: number }>(
        'select working_on_id from requests where id = $1',
        [id],
      );
      expect(row.working_on_id).toBe(idOf(winner));
    }
    const duplicates = await query(
      'select internal_number from requests group by internal_number having count(*) > 1',
    );
    expect(duplicates).toEqual([]);
  });

  it('counts failed sign-ins on both instances against one limit', async () => {
    const [a, b] = instances;
    const email = 'paralegal@jonesinjury.example';
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_LIMIT + 1; n++) {
      const res = await call(n % 2 ? b : a, 'POST', '/users/token/', { email, password: 'wrong password!' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(400), 429]);
    expect((await call(a, 'POST', '/users/token/', { email, password: PASSWORD })).status).toBe(429);
  });

  it('serves a file uploaded through one instance from the other', async () => {
    const [a, b] = instances;
    const token = await signIn(a, 'paralegal@smithlaw.example');
    const form = new FormData();
    form.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'intake.pdf');
    form.append('name', 'intake.pdf');
    form.append('bucket_name', 'supporting-documents');
    const uploaded = await fetch(`${a.base}/api/photoUpload/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const [{ url: key }] = ((await uploaded.json()) as { uploaded_files: { url: string }[] }).uploaded_files;
    const link = await call(b, 'POST', '/getFileUrl/', { url: key }, token);
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    const download = await fetch(new URL(link.json.url as string, b.base));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('delivers each e-mail once although both instances send the outbox', async () => {
    const [a, b] = instances;
    const count = 6;
    const stamp = Date.now();
    const addresses = Array.from({ length: count }, (_, n) => `visitor${n}x${stamp}@example.com`);
    // Contact messages queue an e-mail to the support address each; half through each instance.
    const answers = await Promise.all(
      addresses.map((email, n) =>
        call(n % 2 ? b : a, 'POST', '/api/email/', {
          template: 'contact',
          name: `Visitor ${n}`,
          email,
          message: `Message number ${n}`,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(count).fill(200));
    const deadline = Date.now() + 20_000;
    const delivered = () =>
      addresses.map((email) => smtp.received.filter((m) => m.raw.includes(email)).length);
    while (delivered().some((n) => n === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    // A little longer, so a second delivery of any of them would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(delivered()).toEqual(Array(count).fill(1));
  });

  it('keeps one live row for each recurring chore between both instances', async () => {
    const live = await query<{ key: string; n: number }>(
      `select key, count(*)::int as n from jobs where status in ('queued', 'running') and key is not null
       group by key order by key`,
    );
    expect(live).toEqual([
      { key: 'dashboard.compact', n: 1 },
      { key: 'deadlines.digest', n: 1 },
      { key: 'disk.snapshot', n: 1 },
      { key: 'files.hash-backfill', n: 1 },
      { key: 'followups.send', n: 1 },
      { key: 'jobs.prune', n: 1 },
      { key: 'notifications.digest', n: 1 },
      { key: 'notifications.emails', n: 1 },
      { key: 'payments.expire', n: 1 },
      { key: 'records.index-backfill', n: 1 },
      { key: 'signing.expiry', n: 1 },
      { key: 'tokens.prune', n: 1 },
      { key: 'webhooks.prune', n: 1 },
      { key: 'webhooks.retry', n: 1 },
    ]);
    // Each chore ran once at start, by one of the two; the next runs are scheduled, not due.
    const done = await query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from jobs where status = 'done' group by kind order by kind`,
    );
    expect(done).toEqual([
      { kind: 'dashboard.compact', n: 1 },
      { kind: 'deadlines.digest', n: 1 },
      { kind: 'disk.snapshot', n: 1 },
      { kind: 'files.hash-backfill', n: 1 },
      { kind: 'followups.send', n: 1 },
      { kind: 'jobs.prune', n: 1 },
      { kind: 'notifications.digest', n: 1 },
      { kind: 'notifications.emails', n: 1 },
      { kind: 'payments.expire', n: 1 },
      { kind: 'records.index-backfill', n: 1 },
      { kind: 'signing.expiry', n: 1 },
      { kind: 'tokens.prune', n: 1 },
      { kind: 'webhooks.prune', n: 1 },
      { kind: 'webhooks.retry', n: 1 },
    ]);
  });
});
