/**
 * Crash consistency: the real server on PostgreSQL, killed with SIGKILL at random moments
 * CRASHES times (100) while law firms order requests for several providers, staff split and close them,
 * files are uploaded and attached, e-mails are queued and delivered and billings are created; restarted each time.
 * Then the invariants are checked and reported as counts: no half-split request, no file row without
 * its stored object, unique internal numbers, every request with its request types, every e-mail
 * delivered once or still waiting (never lost), and each billing's lines its own.
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/crash.ts
 *
 * It creates (and afterwards drops) a database of its own beside the one the URL names.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '@dd/shared';
import pg from 'pg';
import { captureSmtp } from '../apps/server/test/smtp-capture';
import { scratchInstallation, startServer, stopServer, waitForServer } from './server-process';

const CRASHES = Number(process.env.CRASHES ?? 100);
const PORT = Number(process.env.CRASH_PORT ?? 3480);
const base = `http://127.0.0.1:${PORT}`;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), Buffer.alloc(20_000, 32)]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

// biome-ignore lint/suspicious/noExplicitAny: the answers of many different calls, read loosely
type Loose = any;

async function call(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: Loose }> {
  try {
    const res = await fetch(new URL(url, base), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      json: (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : {}) as Loose,
    };
  } catch {
    return { status: 0, json: {} as Loose };
  }
}

async function main() {
  const smtp = await captureSmtp();
  const scratch = await scratchInstallation('dd_crash', PORT, {
    LOG_LEVEL: 'fatal',
    CONTACT_RATE_LIMIT: '100000',
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '100',
    JOB_POLL_MS: '200',
  });
  const { databaseUrl, dataDir } = scratch;
  let server: ReturnType<typeof startServer> | undefined;
  const start = async () => {
    server = startServer(scratch.env);
    await waitForServer(server, async () => (await call('GET', '/readyz')).status === 200);
  };
  const kill = () => stopServer((server as ReturnType<typeof startServer>).child, 'SIGKILL');

  try {
    await start();
    const signIn = async (email: string) =>
      (await call('POST', '/users/token/', undefined, { email, password: DEMO_PASSWORD })).json.access as
        | string
        | undefined;
    // The demo data is seeded after the migrations: ready once its accounts can sign in.
    let staff: string | undefined;
    await waitForServer(server as ReturnType<typeof startServer>, async () => {
      staff = await signIn('staff@directdocs.example');
      return Boolean(staff);
    });
    const [firm, adminToken] = [
      await signIn('paralegal@smithlaw.example'),
      await signIn('admin@directdocs.example'),
    ];
    const me = (await call('GET', '/users/user/', firm)).json;
    const clients = (await call('GET', '/api/home/patient/', firm)).json as Loose[];
    const client = clients.find((c) => c.hipaa_consent_url);
    const providers = ((await call('GET', '/api/home/provider/?order_by=name', firm)).json as Loose[]).map(
      (p) => p.id,
    );
    const ordered: number[] = [];
    let running = true;
    const counts = { orders: 0, splits: 0, closed: 0, files: 0, emails: 0, billings: 0, crashes: 0 };
    /** Every answer by call and status (0: the server was down), to show what the crashes interrupted. */
    const answers: Record<string, Record<number, number>> = {};
    const tally = (name: string, status: number, body?: unknown) => {
      answers[name] ??= {};
      answers[name][status] = (answers[name][status] ?? 0) + 1;
      if (status >= 500 || (status >= 400 && process.env.CRASH_DEBUG)) console.log(name, status, body);
    };

    const loops = [
      async () => {
        const res = await call('POST', '/api/home/request/', firm, {
          patient: client.id,
          provider: [pick(providers), pick(providers), pick(providers)],
          user: me.id,
          start_date: '2019-03-01',
          end_date: '2025-06-30',
          request_type: 'Medical Records, Billing Records',
          rush: false,
          hipaa_consent_url: client.hipaa_consent_url,
          override_duplicates: true,
        });
        tally('order', res.status, res.json);
        if (res.status === 201) {
          counts.orders++;
          ordered.push(...(res.json.results as { id: number }[]).map((r) => r.id));
        }
      },
      async () => {
        const id = ordered.shift();
        if (!id) return;
        const res = await call('POST', `/api/home/request/${id}/split/`, staff, {
          splits: [
            { provider: pick(providers), request_types: ['Medical Records'] },
            { provider: pick(providers), request_types: ['Billing Records'] },
          ],
          override: true,
        });
        tally('split', res.status, res.json);
        if (res.status === 201) counts.splits++;
      },
      async () => {
        const target = ordered.at(-1);
        if (!target) return;
        const form = new FormData();
        form.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'records.pdf');
        form.append('name', 'records.pdf');
        form.append('bucket_name', 'supporting-documents');
        const upload = await call('POST', '/api/photoUpload/', firm, form);
        if (upload.status !== 200) return;
        const url = upload.json.uploaded_files[0].url;
        const res = await call('POST', '/api/home/file/', firm, {
          name: 'records.pdf',
          url,
          request: target,
        });
        tally('attach file', res.status, res.json);
        if (res.status === 200) counts.files++;
      },
      async () => {
        // Staff close requests, so there is something to bill.
        const id = ordered.pop();
        if (!id) return;
        const res = await call('POST', `/api/home/request/${id}/`, staff, {
          status: 'Closed - Documents Arrived',
        });
        tally('close', res.status, res.json);
        if (res.status === 200) counts.closed++;
      },
      async () => {
        const res = await call('POST', '/api/email/', undefined, {
          template: 'contact',
          name: 'Crash test',
          email: `visitor${counts.emails}@example.com`,
          message: 'Checking in.',
        });
        tally('contact e-mail', res.status, res.json);
        if (res.status === 200) counts.emails++;
      },
      async () => {
        const res = await call('POST', '/api/home/billing/', adminToken, {
          company: me.company_id,
          title: `Billing ${Date.now()}`,
        });
        tally('billing', res.status, res.json);
        if (res.status === 201) counts.billings++;
      },
    ];
    const workload = Promise.all(
      loops.map(async (step) => {
        while (running) {
          await step();
          await sleep(50);
        }
      }),
    );

    for (let n = 1; n <= CRASHES; n++) {
      await sleep(200 + Math.random() * 1300);
      await kill();
      counts.crashes++;
      await start();
      if (n % 10 === 0) console.log(`${n} crashes survived`, counts);
    }
    running = false;
    await workload;

    // Let the outbox finish: a message leased by a killed server is retried once its lease (2 min) ends.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const pending = async () =>
      Number(
        (await db.query(`select count(*)::int as n from email_outbox where status = 'pending'`)).rows[0].n,
      );
    const until = Date.now() + 180_000;
    while ((await pending()) > 0 && Date.now() < until) await sleep(1000);

    const one = async (sql: string) => Number((await db.query(sql)).rows[0].n);
    const fileRows = (await db.query('select url from files')).rows as { url: string }[];
    const outbox = (await db.query(`select id, status, created_at from email_outbox`)).rows as {
      id: number;
      status: string;
      created_at: Date;
    }[];
    const deliveries = new Map<string, number>();
    for (const { raw } of smtp.received) {
      const id = /^Message-ID: (.+)$/im.exec(raw)?.[1].trim() ?? '';
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const timesSent = (row: { id: number; created_at: Date }) =>
      [...deliveries]
        .filter(([messageId]) => messageId.startsWith(`<outbox-${row.id}-${row.created_at.getTime()}@`))
        .reduce((sum, [, times]) => sum + times, 0);
    const report = {
      crashes: counts.crashes,
      work_done: counts,
      answers,
      half_split_requests: await one(
        `select count(*)::int as n from requests where internal_number like '%~split~%'`,
      ),
      split_requests_without_their_first: await one(
        `select count(*)::int as n from requests r where r.internal_number ~ '^[0-9]+-[0-9]+$'
         and not exists (select 1 from requests b where b.internal_number = split_part(r.internal_number, '-', 1))`,
      ),
      requests_without_request_types: await one(
        `select count(*)::int as n from requests r where not exists (select 1 from request_type_choices c where c.request_id = r.id)`,
      ),
      duplicate_internal_numbers: await one(
        'select count(*)::int as n from (select internal_number from requests group by 1 having count(*) > 1) d',
      ),
      file_rows_without_stored_object: fileRows.filter((f) => !existsSync(path.join(dataDir, 'files', f.url)))
        .length,
      billed_lines_of_another_firm: await one(
        `select count(*)::int as n from invoices i join billings b on b.id = i.bill_id join requests r on r.id = i.request_id
         where r.company_id <> b.company_id`,
      ),
      emails_queued: outbox.length,
      emails_delivered_once: outbox.filter((r) => r.status === 'sent' && timesSent(r) === 1).length,
      emails_delivered_twice_or_more: outbox.filter((r) => timesSent(r) > 1).length,
      emails_marked_sent_but_never_received: outbox.filter((r) => r.status === 'sent' && timesSent(r) === 0)
        .length,
      emails_still_pending: outbox.filter((r) => r.status === 'pending').length,
      emails_failed: outbox.filter((r) => r.status === 'failed').length,
    };
    console.log(JSON.stringify(report, null, 2));
    await db.end();
    await kill();
  } finally {
    if (server) await stopServer(server.child, 'SIGKILL');
    await smtp.close();
    await scratch.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
