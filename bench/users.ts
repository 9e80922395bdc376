/**
 * Load with simulated users: the real server as its own process on PostgreSQL with the demo
 * data, and USERS concurrent users (200) for LOAD_SECONDS (60), each signed in as a law firm's paralegal or a
 * retrieval-company staff member and doing what they do all day, with no pause: firm dashboards, request
 * detail and notes, ordering, uploading and downloading; the staff list, the data dashboard, claiming
 * and writing notes. Reports per call p50/p95/p99, the throughput, errors (any 5xx, a refused call that
 * should not be, a network failure) and the server's memory (RSS) over the run: LOAD_SECONDS=600 is the soak.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/users.ts
 *
 * It creates (and afterwards drops) a database of its own beside the one the URL names.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@dd/shared';
import { percentiles } from './measure';
import { scratchInstallation, startServer, stopServer, waitForServer } from './server-process';

const USERS = Number(process.env.USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3470);
const base = `http://127.0.0.1:${PORT}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), Buffer.alloc(40_000, 32)]);

interface Answer {
  status: number;
  body: string;
}

function send(method: string, url: string, token?: string, body?: Buffer, type?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(url, base),
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': type ?? 'application/json', 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Per call: latencies, and the answers that count as errors. */
const samples = new Map<string, number[]>();
const errors = new Map<string, string[]>();
async function timed(
  name: string,
  run: () => Promise<Answer>,
  ok: (status: number) => boolean = (s) => s < 400,
) {
  const started = performance.now();
  const answer = await run();
  (samples.get(name) ?? samples.set(name, []).get(name))?.push(performance.now() - started);
  if (!ok(answer.status))
    (errors.get(name) ?? errors.set(name, []).get(name))?.push(
      `${answer.status} ${answer.body.slice(0, 160)}`,
    );
  return answer;
}

function multipart(file: Buffer, bucket: string) {
  const boundary = `----dd-load-${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="intake.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nintake.pdf\r\n--${boundary}\r\nContent-Disposition: form-data; name="bucket_name"\r\n\r\n${bucket}\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

async function signIn(email: string) {
  const res = await send('POST', '/users/token/', undefined, json({ email, password: DEMO_PASSWORD }));
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.body}`);
  const token = JSON.parse(res.body).access as string;
  const me = JSON.parse((await send('GET', '/users/user/', token)).body) as { id: number };
  return { token, id: me.id };
}

type Session = Awaited<ReturnType<typeof signIn>>;

async function firmUser({ token, id }: Session, until: number) {
  const clients = JSON.parse((await send('GET', '/api/home/patient/', token)).body) as {
    id: number;
    hipaa_consent_url: string | null;
  }[];
  const client = clients.find((c) => c.hipaa_consent_url);
  const providers = JSON.parse((await send('GET', '/api/home/provider/?order_by=name', token)).body) as {
    id: number;
  }[];
  let requestIds: number[] = [];
  let uploads: string[] = [];
  while (performance.now() < until) {
    const roll = Math.random();
    if (roll < 0.35 || requestIds.length === 0) {
      const page = await timed('firm: dashboard list (20)', () =>
        send('GET', '/api/home/request/?limit=20&offset=0', token),
      );
      if (page.status === 200)
        requestIds = (JSON.parse(page.body).results as { id: number }[]).map((r) => r.id);
    } else if (roll < 0.6) {
      await timed('firm: request detail', () => send('GET', `/api/home/request/${pick(requestIds)}/`, token));
    } else if (roll < 0.72) {
      await timed('firm: request notes', () =>
        send('GET', `/api/home/notes/?request=${pick(requestIds)}`, token),
      );
    } else if (roll < 0.8 && client) {
      await timed('firm: order a request', () =>
        send(
          'POST',
          '/api/home/request/',
          token,
          json({
            patient: client.id,
            provider: [pick(providers).id],
            user: id,
            start_date: '2019-03-01',
            end_date: '2025-06-30',
            request_type: 'Medical Records',
            rush: Math.random() < 0.1,
            hipaa_consent_url: client.hipaa_consent_url,
            override_duplicates: true,
          }),
        ),
      );
    } else if (roll < 0.9) {
      const form = multipart(PDF, 'supporting-documents');
      const res = await timed('firm: upload a PDF (40 kB)', () =>
        send('POST', '/api/photoUpload/', token, form.body, form.type),
      );
      if (res.status === 200) uploads = [...uploads.slice(-5), JSON.parse(res.body).uploaded_files[0].url];
    } else if (uploads.length) {
      const link = await timed('firm: file link', () =>
        send('POST', '/getFileUrl/', token, json({ url: pick(uploads) })),
      );
      if (link.status === 200)
        await timed('firm: download the file', () => send('GET', JSON.parse(link.body).url as string));
    }
  }
}

async function staffUser({ token, id }: Session, until: number) {
  let open: number[] = [];
  while (performance.now() < until) {
    const roll = Math.random();
    if (roll < 0.3 || open.length === 0) {
      const page = await timed('staff: request list (100, open)', () =>
        send('GET', '/api/home/request/?limit=100&offset=0&status_open=true', token),
      );
      if (page.status === 200) open = (JSON.parse(page.body).results as { id: number }[]).map((r) => r.id);
    } else if (roll < 0.5) {
      await timed('staff: request detail', () => send('GET', `/api/home/request/${pick(open)}/`, token));
    } else if (roll < 0.6) {
      // Another staff member may have it: a 409 is the product's answer, not an error.
      await timed(
        'staff: claim',
        () => send('POST', `/api/home/request/${pick(open)}/`, token, json({ working_on: id })),
        (s) => s === 200 || s === 409,
      );
    } else if (roll < 0.8) {
      await timed('staff: write a note', () =>
        send(
          'POST',
          '/api/home/notes/',
          token,
          json({ request: pick(open), text: 'Called the records office.' }),
        ),
      );
    } else if (roll < 0.9) {
      await timed('staff: to-do summary', () => send('GET', '/api/home/request/todo/', token));
    } else {
      await timed('staff: data dashboard (open)', () =>
        send('GET', '/api/home/dashboard/?status_open=true', token),
      );
    }
  }
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const scratch = await scratchInstallation('dd_load', PORT, { LOG_LEVEL: 'warn' });
  const server = startServer(scratch.env);
  const { child } = server;
  try {
    // Ready once the demo data (seeded after the migrations) can sign in.
    await waitForServer(server, async () => {
      const login = json({ email: 'staff@directdocs.example', password: DEMO_PASSWORD });
      return (await send('POST', '/users/token/', undefined, login)).status === 200;
    });
    const accounts = [
      ...Array(3).fill('paralegal@smithlaw.example'),
      'attorney@smithlaw.example',
      ...Array(2).fill('paralegal@jonesinjury.example'),
      'staff@directdocs.example',
      'admin@directdocs.example',
    ];
    // Each account signs in once (sign-ins are rate-limited per address); its users share the session,
    // as a person's several tabs do.
    const sessions = new Map<string, Session>();
    for (const email of new Set(accounts)) sessions.set(email, await signIn(email));
    const rss: number[] = [rssMb(child)];
    const sampler = setInterval(() => rss.push(rssMb(child)), 5000);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: USERS }, (_, n) => {
        const email = accounts[n % accounts.length];
        const session = sessions.get(email) as Session;
        return email.endsWith('@directdocs.example') ? staffUser(session, until) : firmUser(session, until);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rss.push(rssMb(child));

    let total = 0;
    let failed = 0;
    console.log(`\n${USERS} users for ${SECONDS} s against the server on PostgreSQL (demo data)\n`);
    console.log('| Call | Calls | p50 ms | p95 ms | p99 ms | Errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, list] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
      const p = percentiles(list);
      const bad = errors.get(name)?.length ?? 0;
      total += list.length;
      failed += bad;
      console.log(
        `| ${name} | ${list.length} | ${p.p50.toFixed(0)} | ${p.p95.toFixed(0)} | ${p.p99.toFixed(0)} | ${bad} |`,
      );
    }
    const quarter = Math.max(1, Math.floor(rss.length / 4));
    const settle = rss.slice(quarter, 2 * quarter);
    console.log(
      `\n${total} calls in ${elapsed.toFixed(0)} s: ${(total / elapsed).toFixed(0)} calls/s, ${failed} errors.`,
    );
    console.log(
      `Server RSS: ${rss[0].toFixed(0)} MB before, ${Math.max(...settle).toFixed(0)} MB in the second quarter, ${Math.max(...rss.slice(-quarter)).toFixed(0)} MB in the last quarter, ${Math.max(...rss).toFixed(0)} MB at most.`,
    );
    for (const [name, list] of errors) console.log(`errors of ${name}:`, list.slice(0, 3));
    if (failed > 0) process.exitCode = 1;
  } finally {
    await stopServer(child);
    agent.destroy();
    await scratch.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
