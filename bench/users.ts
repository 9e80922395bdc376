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
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@dd/shared';
import pg from 'pg';
import { percentiles } from './measure';
import {
  productionBuild,
  scratchInstallation,
  startServer,
  stopServer,
  waitForServer,
} from './server-process';

const USERS = Number(process.env.USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3470);
const base = `http://127.0.0.1:${PORT}`;
/** Memory is judged after the first two minutes (caches and pools fill), against a slope goal. */
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 120);
const SLOPE_GOAL_MB = 20;
/** Who the simulated people are: copies of these demo accounts, in these shares. */
const TEMPLATES = [
  { email: 'paralegal@smithlaw.example', share: 3 },
  { email: 'attorney@smithlaw.example', share: 1 },
  { email: 'paralegal@jonesinjury.example', share: 2 },
  { email: 'staff@directdocs.example', share: 2 },
];
const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), Buffer.alloc(40_000, 32)]);

interface Answer {
  status: number;
  body: string;
}

function send(
  method: string,
  url: string,
  token?: string,
  body?: Buffer,
  type?: string,
  from?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(url, base),
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // Each user comes from an address of its own, through the proxy the server trusts.
          ...(from ? { 'x-forwarded-for': from } : {}),
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

/**
 * A simulated person: their own account, address and session. Every minute or so their access token is
 * refreshed, every few minutes they sign in again, and now and then they mistype their password once,
 * so sign-in, refresh and the sign-in limits carry the load too.
 */
class Person {
  token = '';
  refresh = '';
  id = 0;
  private renewAt = 0;
  private signInAt = 0;
  constructor(
    readonly email: string,
    readonly address: string,
  ) {}

  async signIn() {
    if (Math.random() < 0.1) {
      await timed(
        'sign-in with a wrong password (400 expected)',
        () =>
          send(
            'POST',
            '/users/token/',
            undefined,
            json({ email: this.email, password: 'wrong' }),
            undefined,
            this.address,
          ),
        (s) => s === 400,
      );
    }
    const res = await timed('sign-in', () =>
      send(
        'POST',
        '/users/token/',
        undefined,
        json({ email: this.email, password: DEMO_PASSWORD }),
        undefined,
        this.address,
      ),
    );
    if (res.status !== 200) {
      // Counted as an error by timed(); the person tries again a few seconds later, as a person would.
      if (!this.id) throw new Error(`sign-in of ${this.email} failed: ${res.status} ${res.body}`);
      this.signInAt = performance.now() + 5000;
      return;
    }
    ({ access: this.token, refresh: this.refresh } = JSON.parse(res.body));
    if (!this.id) this.id = (JSON.parse((await this.send('GET', '/users/user/')).body) as { id: number }).id;
    const now = performance.now();
    this.renewAt = now + 30_000 + Math.random() * 60_000;
    this.signInAt = now + 120_000 + Math.random() * 240_000;
  }

  /** Keeps the session as a browser tab does: refreshed before it lapses, and a fresh sign-in now and then. */
  async keepSession() {
    const now = performance.now();
    if (now > this.signInAt) {
      await timed('sign-out', () =>
        send(
          'POST',
          '/users/token/revoke/',
          this.token,
          json({ refresh: this.refresh }),
          undefined,
          this.address,
        ),
      );
      await this.signIn();
    } else if (now > this.renewAt) {
      const res = await timed('token refresh', () =>
        send(
          'POST',
          '/users/token/refresh/',
          undefined,
          json({ refresh: this.refresh }),
          undefined,
          this.address,
        ),
      );
      if (res.status === 200) ({ access: this.token, refresh: this.refresh } = JSON.parse(res.body));
      this.renewAt = now + 30_000 + Math.random() * 60_000;
    }
  }

  send(method: string, url: string, body?: Buffer, type?: string) {
    return send(method, url, this.token, body, type, this.address);
  }
}

async function firmUser(person: Person, until: number) {
  const clients = await timed('firm: clients', () => person.send('GET', '/api/home/patient/'));
  const providerList = await timed('firm: providers', () =>
    person.send('GET', '/api/home/provider/?order_by=name'),
  );
  if (clients.status !== 200 || providerList.status !== 200) return;
  const client = (JSON.parse(clients.body) as { id: number; hipaa_consent_url: string | null }[]).find(
    (c) => c.hipaa_consent_url,
  );
  const providers = JSON.parse(providerList.body) as { id: number }[];
  let requestIds: number[] = [];
  let listed = false;
  let uploads: string[] = [];
  while (performance.now() < until) {
    await person.keepSession();
    // A new account sees no requests until it orders one: then it orders.
    const roll = requestIds.length === 0 && listed ? 0.75 : Math.random();
    if (roll < 0.35 || (requestIds.length === 0 && !listed)) {
      listed = true;
      const page = await timed('firm: dashboard list (20)', () =>
        person.send('GET', '/api/home/request/?limit=20&offset=0'),
      );
      if (page.status === 200)
        requestIds = (JSON.parse(page.body).results as { id: number }[]).map((r) => r.id);
    } else if (roll < 0.6) {
      await timed('firm: request detail', () => person.send('GET', `/api/home/request/${pick(requestIds)}/`));
    } else if (roll < 0.72) {
      await timed('firm: request notes', () =>
        person.send('GET', `/api/home/notes/?request=${pick(requestIds)}`),
      );
    } else if (roll < 0.8 && client) {
      const ordered = await timed('firm: order a request', () =>
        person.send(
          'POST',
          '/api/home/request/',
          json({
            patient: client.id,
            provider: [pick(providers).id],
            user: person.id,
            start_date: '2019-03-01',
            end_date: '2025-06-30',
            request_type: 'Medical Records',
            rush: Math.random() < 0.1,
            hipaa_consent_url: client.hipaa_consent_url,
            override_duplicates: true,
          }),
        ),
      );
      if (ordered.status === 201 && requestIds.length === 0)
        requestIds = (JSON.parse(ordered.body).results as { id: number }[]).map((r) => r.id);
    } else if (roll < 0.9) {
      const form = multipart(PDF, 'supporting-documents');
      const res = await timed('firm: upload a PDF (40 kB)', () =>
        person.send('POST', '/api/photoUpload/', form.body, form.type),
      );
      if (res.status === 200) uploads = [...uploads.slice(-5), JSON.parse(res.body).uploaded_files[0].url];
    } else if (uploads.length) {
      const link = await timed('firm: file link', () =>
        person.send('POST', '/getFileUrl/', json({ url: pick(uploads) })),
      );
      if (link.status === 200)
        await timed('firm: download the file', () => send('GET', JSON.parse(link.body).url as string));
    }
  }
}

async function staffUser(person: Person, until: number) {
  let open: number[] = [];
  while (performance.now() < until) {
    await person.keepSession();
    const roll = Math.random();
    if (roll < 0.3 || open.length === 0) {
      const page = await timed('staff: request list (100, open)', () =>
        person.send('GET', '/api/home/request/?limit=100&offset=0&status_open=true'),
      );
      if (page.status === 200) open = (JSON.parse(page.body).results as { id: number }[]).map((r) => r.id);
    } else if (roll < 0.5) {
      await timed('staff: request detail', () => person.send('GET', `/api/home/request/${pick(open)}/`));
    } else if (roll < 0.6) {
      // Another staff member may have it: a 409 is the product's answer, not an error.
      await timed(
        'staff: claim',
        () => person.send('POST', `/api/home/request/${pick(open)}/`, json({ working_on: person.id })),
        (s) => s === 200 || s === 409,
      );
    } else if (roll < 0.8) {
      await timed('staff: write a note', () =>
        person.send(
          'POST',
          '/api/home/notes/',
          json({ request: pick(open), text: 'Called the records office.' }),
        ),
      );
    } else if (roll < 0.9) {
      await timed('staff: to-do summary', () => person.send('GET', '/api/home/request/todo/'));
    } else {
      await timed('staff: data dashboard (open)', () =>
        person.send('GET', '/api/home/dashboard/?status_open=true'),
      );
    }
  }
}

/**
 * USERS accounts of their own, made in the run's database as copies of the demo accounts (same firm,
 * role and password), each with its own address and its own made-up IP address.
 */
async function makePeople(databaseUrl: string): Promise<Person[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: columns } = await db.query(
      `select column_name from information_schema.columns where table_name = 'users'
       and column_name not in ('id', 'email') and is_generated = 'NEVER' and is_identity = 'NO'`,
    );
    const list = columns.map((c) => `"${c.column_name}"`).join(', ');
    const totalShare = TEMPLATES.reduce((sum, t) => sum + t.share, 0);
    const people: Person[] = [];
    for (let n = 0; n < USERS; n++) {
      const template = templateOf(n % totalShare);
      const email = `load${n}.${template.email}`;
      await db.query(`insert into users (email, ${list}) select $1, ${list} from users where email = $2`, [
        email,
        template.email,
      ]);
      people.push(new Person(email, `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 200)}`));
    }
    return people;
  } finally {
    await db.end();
  }
}

function templateOf(slot: number): (typeof TEMPLATES)[number] {
  let upTo = 0;
  for (const template of TEMPLATES) {
    upTo += template.share;
    if (slot < upTo) return template;
  }
  return TEMPLATES[0];
}

/** Least-squares slope of a memory figure (RSS unless told) over time, in MB per 10 minutes. */
function slopePerTenMinutes(points: MemorySample[], of: (p: MemorySample) => number = (p) => p.mb): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((s, p) => s + p.seconds, 0) / points.length;
  const my = points.reduce((s, p) => s + of(p), 0) / points.length;
  const num = points.reduce((s, p) => s + (p.seconds - mx) * (of(p) - my), 0);
  const den = points.reduce((s, p) => s + (p.seconds - mx) ** 2, 0);
  return (num / den) * 600;
}

/** The RSS curve as a small SVG line chart, for docs/reliability.md. */
function rssCurve(points: MemorySample[], title: string): string {
  const [w, h, pad] = [640, 240, 40];
  const maxS = Math.max(...points.map((p) => p.seconds), 1);
  const maxMb = Math.ceil(Math.max(...points.map((p) => p.mb)) / 100) * 100;
  const x = (s: number) => pad + (s / maxS) * (w - 2 * pad);
  const y = (mb: number) => h - pad - (mb / maxMb) * (h - 2 * pad);
  const line = points.map((p) => `${x(p.seconds).toFixed(1)},${y(p.mb).toFixed(1)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const mb = maxMb * f;
    return `<text x="${pad - 6}" y="${y(mb) + 4}" text-anchor="end">${mb.toFixed(0)}</text><line x1="${pad}" x2="${w - pad}" y1="${y(mb)}" y2="${y(mb)}" stroke="#e5e7eb"/>`;
  });
  const settle = x(SETTLE_SECONDS);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="11" fill="#374151">
<title>Server RSS (MB) over time (s): ${title}</title>
<rect width="100%" height="100%" fill="white"/>
<text x="${pad}" y="18" font-size="13">Server RSS (MB) over time (s): ${title}</text>
${ticks.join('\n')}
<line x1="${settle}" x2="${settle}" y1="${pad}" y2="${h - pad}" stroke="#9ca3af" stroke-dasharray="4 3"/>
<polyline points="${line}" fill="none" stroke="#2563eb" stroke-width="2"/>
<text x="${w - pad}" y="${h - 12}" text-anchor="end">${maxS.toFixed(0)} s</text>
<text x="${pad}" y="${h - 12}">0 s</text>
</svg>
`;
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * RSS with the JavaScript heap and the memory outside it (buffers), from the server's own metrics: RSS that
 * grows while both stay flat is the allocator's, not a leak in our code.
 */
interface MemorySample {
  seconds: number;
  mb: number;
  heapMb: number;
  externalMb: number;
}
const METRICS_TOKEN = randomBytes(16).toString('hex');

async function memorySample(child: ChildProcess, seconds: number): Promise<MemorySample> {
  const metrics = (await send('GET', '/metrics', METRICS_TOKEN)).body;
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1] ?? 0) / 2 ** 20;
  return {
    seconds,
    mb: rssMb(child),
    heapMb: gauge('nodejs_heap_size_used_bytes'),
    externalMb: gauge('nodejs_external_memory_bytes'),
  };
}

async function main() {
  const scratch = await scratchInstallation('dd_load', PORT, {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN,
  });
  const build = productionBuild();
  const server = startServer(scratch.env, { script: build.script });
  const { child } = server;
  let sampler: NodeJS.Timeout | undefined;
  try {
    // Ready once the demo data (seeded after the migrations) can sign in.
    await waitForServer(server, async () => {
      const login = json({ email: 'staff@directdocs.example', password: DEMO_PASSWORD });
      return (await send('POST', '/users/token/', undefined, login)).status === 200;
    });
    const people = await makePeople(scratch.databaseUrl);
    for (const person of people) await person.signIn();
    const started = performance.now();
    const rss: MemorySample[] = [];
    const sample = async () => rss.push(await memorySample(child, (performance.now() - started) / 1000));
    await sample();
    sampler = setInterval(sample, 5000);
    const until = started + SECONDS * 1000;
    await Promise.all(
      people.map((person) =>
        person.email.endsWith('@directdocs.example') ? staffUser(person, until) : firmUser(person, until),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sample();

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
    console.log(
      `\n${total} calls in ${elapsed.toFixed(0)} s: ${(total / elapsed).toFixed(0)} calls/s, ${failed} errors.`,
    );
    const settled = rss.filter((r) => r.seconds >= SETTLE_SECONDS);
    const slope = slopePerTenMinutes(settled);
    const mbs = rss.map((r) => r.mb);
    console.log(
      `Server RSS: ${mbs[0].toFixed(0)} MB before, ${Math.max(...mbs).toFixed(0)} MB at most, ${mbs.at(-1)?.toFixed(0)} MB at the end; after the first ${SETTLE_SECONDS} s it changes by ${slope.toFixed(1)} MB per 10 minutes (least squares over ${settled.length} samples).`,
    );
    const heap = slopePerTenMinutes(settled, (p) => p.heapMb);
    const external = slopePerTenMinutes(settled, (p) => p.externalMb);
    console.log(
      `Over the same samples the JavaScript heap changes by ${heap.toFixed(1)} MB and the memory outside it (buffers) by ${external.toFixed(1)} MB per 10 minutes; heap ${rss[0].heapMb.toFixed(0)} → ${rss.at(-1)?.heapMb.toFixed(0)} MB.`,
    );
    if (process.env.LOAD_SVG) {
      writeFileSync(process.env.LOAD_SVG, rssCurve(rss, `${USERS} users, ${SECONDS} s`));
      console.log(`The RSS curve: ${process.env.LOAD_SVG}`);
    }
    for (const [name, list] of errors) console.log(`errors of ${name}:`, list.slice(0, 3));
    if (failed > 0 || (settled.length > 10 && slope > SLOPE_GOAL_MB)) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    if (child.exitCode !== null || child.signalCode !== null)
      console.error(
        `The server stopped (${child.exitCode ?? child.signalCode}):\n${server.output.slice(-20).join('')}`,
      );
    await stopServer(child);
    agent.destroy();
    await scratch.remove();
    build.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
