/**
 * Crash consistency: the real server (its production build) on PostgreSQL, killed with SIGKILL CRASHES times
 * (100), each time 1–3 s after it is ready again, while law firms order requests for several providers,
 * staff write status notes, split and close them, files are uploaded and attached, contact e-mails are
 * queued and delivered and billings are created. CONNECTION_CUTS (20) of those runs also have every
 * database connection of the server terminated mid-work, and with CRASH_RESTART_POSTGRES the PostgreSQL
 * server itself is restarted once, halfway.
 *
 * Every answered write goes into a ledger (crash-ledger.ts), checked against the database after every
 * restart: no acknowledged write lost, no refused write stored, every request's status its last status
 * note's; at the end every accepted e-mail must have been delivered. Any fault makes the exit code 1.
 * The older invariant counts (no half split, no file without its object…) are reported too.
 *
 *   bench/private-postgres.sh start 5499
 *   CRASH_RESTART_POSTGRES="$PWD/bench/private-postgres.sh restart 5499" \
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5499/postgres npm run crash -w bench
 *
 * It creates (and afterwards drops) a database of its own beside the one the URL names.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '@dd/shared';
import pg from 'pg';
import { captureSmtp } from '../apps/server/test/smtp-capture';
import { Ledger, type LedgerCheck, violations } from './crash-ledger';
import {
  productionBuild,
  scratchInstallation,
  startServer,
  stopServer,
  waitForServer,
} from './server-process';

const CRASHES = Number(process.env.CRASHES ?? 100);
/** How many times the server's database connections are cut mid-work (in place of that run's kill wait). */
const CONNECTION_CUTS = Number(process.env.CONNECTION_CUTS ?? 20);
/** A command that restarts the PostgreSQL server the run uses, once, halfway: only on a server of its own. */
const RESTART_POSTGRES = process.env.CRASH_RESTART_POSTGRES;
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
  } catch (error) {
    // 0: the server was down, nothing was sent; -1: sent, but the answer never came (it may have been done).
    const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
    return { status: refused ? 0 : -1, json: {} as Loose };
  }
}

async function main() {
  const build = productionBuild();
  const smtp = await captureSmtp();
  const scratch = await scratchInstallation('dd_crash', PORT, {
    // Errors only: a 5xx answer is shown with the server's own account of it.
    LOG_LEVEL: 'error',
    CONTACT_RATE_LIMIT: '100000',
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '100',
    JOB_POLL_MS: '200',
  });
  const { databaseUrl, dataDir } = scratch;
  let server: ReturnType<typeof startServer> | undefined;
  const start = async () => {
    server = startServer(scratch.env, { script: build.script });
    await waitForServer(server, async () => (await call('GET', '/readyz')).status === 200);
  };
  const kill = () => stopServer((server as ReturnType<typeof startServer>).child, 'SIGKILL');

  try {
    // A server left running on the port (by an interrupted run) would answer in place of ours.
    if ((await call('GET', '/readyz')).status !== 0)
      throw new Error(`something already answers on port ${PORT}`);
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
    // A second firm's paralegal, whose notes on this firm's requests must be refused and never stored.
    const stranger = await signIn('paralegal@jonesinjury.example');
    const ledger = new Ledger();
    const ordered: number[] = [];
    let running = true;
    let serial = 0;
    const marker = (what: string) => `crash ${what} ${process.pid}-${++serial}`;
    /** Every answer by call and status (0: the server was down, -1: no answer), to show what the crashes interrupted. */
    const answers: Record<string, Record<number, number>> = {};
    const tally = (name: string, status: number, body?: unknown) => {
      answers[name] ??= {};
      answers[name][status] = (answers[name][status] ?? 0) + 1;
      if (status >= 500 || (status >= 400 && process.env.CRASH_DEBUG)) console.log(name, status, body);
      if (status === 500)
        console.log(
          server?.output
            .filter((line) => line.includes('"level":50'))
            .slice(-2)
            .join(''),
        );
    };
    const refusedAnswer = (status: number) => status >= 400 && status < 500;

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
          const ids = (res.json.results as { id: number }[]).map((r) => r.id);
          ledger.ack({ kind: 'order', requestIds: ids });
          ordered.push(...ids);
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
        if (res.status === 201) {
          ledger.ack({
            kind: 'split',
            requestId: id,
            copyIds: (res.json.results as { id: number }[]).map((r) => r.id),
          });
        } else if (res.status === -1 || res.status >= 500)
          ledger.unanswered({ kind: 'split', requestId: id });
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
        if (res.status === 200) ledger.ack({ kind: 'file', url, requestId: target });
      },
      async () => {
        // Staff close requests, so there is something to bill.
        const id = ordered.pop();
        if (!id) return;
        const status = 'Closed - Documents Arrived';
        const res = await call('POST', `/api/home/request/${id}/`, staff, { status });
        tally('close', res.status, res.json);
        if (res.status === 200) ledger.ack({ kind: 'status', requestId: id, status });
      },
      async () => {
        // Staff write a status note; another firm's paralegal tries to write one on the same request.
        const id = pick(ordered);
        if (!id) return;
        const status = 'In Contact With Provider';
        const text = marker('note');
        const res = await call('POST', '/api/home/notes/', staff, {
          request: id,
          text,
          update_status: status,
        });
        tally('status note', res.status, res.json);
        if (res.status === 201) {
          ledger.ack({ kind: 'note', noteId: res.json.id, requestId: id, text });
          ledger.ack({ kind: 'status', requestId: id, status });
        } else if (refusedAnswer(res.status)) ledger.refuse({ kind: 'note', text });
        const foreign = marker('foreign note');
        const refused = await call('POST', '/api/home/notes/', stranger, { request: id, text: foreign });
        tally("another firm's note", refused.status, refused.json);
        if (refusedAnswer(refused.status)) ledger.refuse({ kind: 'note', text: foreign });
        else if (refused.status === 201)
          ledger.ack({ kind: 'note', noteId: refused.json.id, requestId: id, text: foreign });
      },
      async () => {
        const name = marker('visitor');
        const res = await call('POST', '/api/email/', undefined, {
          template: 'contact',
          name,
          email: `visitor${serial}@example.com`,
          message: 'Checking in.',
        });
        tally('contact e-mail', res.status, res.json);
        if (res.status === 200) ledger.ack({ kind: 'email', name });
        else if (refusedAnswer(res.status)) ledger.refuse({ kind: 'email', name });
      },
      async () => {
        const title = marker('billing');
        const res = await call('POST', '/api/home/billing/', adminToken, { company: me.company_id, title });
        tally('billing', res.status, res.json);
        if (res.status === 201) ledger.ack({ kind: 'billing', billingId: res.json.id });
        else if (refusedAnswer(res.status)) ledger.refuse({ kind: 'billing', title });
        // A firm's paralegal may not bill: refused at the door, and nothing stored.
        const refusedTitle = marker('billing by a firm');
        const refused = await call('POST', '/api/home/billing/', firm, {
          company: me.company_id,
          title: refusedTitle,
        });
        tally('billing by a firm', refused.status, refused.json);
        if (refusedAnswer(refused.status)) ledger.refuse({ kind: 'billing', title: refusedTitle });
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

    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    let db = await connect();
    const reconnect = async () => {
      const until = Date.now() + 60_000;
      for (;;) {
        try {
          db = await connect();
          return;
        } catch (error) {
          if (Date.now() > until) throw error;
          await sleep(500);
        }
      }
    };
    await proveTheLedgerCanFail(db, dataDir);
    /** Acknowledged writes between one kill and the next: how much work each run of the server did. */
    const workPerRun: number[] = [];
    let acknowledgedAtStart = 0;
    let worstCheck: LedgerCheck | undefined;
    let connectionCuts = 0;
    /** From the kill to a ready server again. */
    const restartMs: number[] = [];
    let postgresRestarts = 0;
    const checkLedger = async () => {
      const check = await ledger.check(db, dataDir);
      if (violations(check) > 0) console.log('the ledger does not hold:', JSON.stringify(check));
      if (!worstCheck || violations(check) >= violations(worstCheck)) worstCheck = check;
    };

    for (let n = 1; n <= CRASHES; n++) {
      // The server is ready (start waited for /readyz); it works a random while before it is killed.
      const workFor = 1000 + Math.random() * 2000;
      if (n === Math.ceil(CRASHES / 2) + 1 && RESTART_POSTGRES) {
        await sleep(workFor / 2);
        await db.end().catch(() => undefined);
        execSync(RESTART_POSTGRES, { stdio: 'inherit' });
        postgresRestarts++;
        await reconnect();
        await sleep(workFor / 2);
      } else if (n % Math.max(1, Math.round(CRASHES / CONNECTION_CUTS)) === 0) {
        // The database side: every connection of the server ends mid-work; the server must carry on.
        await sleep(workFor / 2);
        await db.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        connectionCuts++;
        await sleep(workFor / 2);
      } else {
        await sleep(workFor);
      }
      await kill();
      workPerRun.push(ledger.acknowledged.length - acknowledgedAtStart);
      const restartedAt = Date.now();
      await start();
      restartMs.push(Date.now() - restartedAt);
      acknowledgedAtStart = ledger.acknowledged.length;
      await checkLedger();
      if (n % 10 === 0)
        console.log(`${n} crashes survived, ${ledger.acknowledged.length} writes acknowledged`);
    }
    running = false;
    await workload;

    // Let the outbox finish: a message leased by a killed server is retried once its lease (2 min) ends.
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
    await checkLedger();
    const finalCheck = await ledger.check(db, dataDir);
    const received = smtp.received.map((m) => m.raw).join('\n');
    const accepted = ledger.acknowledged.filter((a) => a.kind === 'email');
    const sortedWork = [...workPerRun].sort((a, b) => a - b);
    const kinds: Record<string, number> = {};
    for (const a of ledger.acknowledged) kinds[a.kind] = (kinds[a.kind] ?? 0) + 1;
    const report = {
      crashes: workPerRun.length,
      connection_cuts: connectionCuts,
      postgres_restarts: postgresRestarts,
      acknowledged_writes: ledger.acknowledged.length,
      acknowledged_by_kind: kinds,
      refused_writes: ledger.refused.length,
      splits_without_an_answer_left_unchecked: ledger.maybeSplit.size,
      acknowledged_writes_per_run: {
        min: sortedWork[0],
        median: sortedWork[Math.floor(sortedWork.length / 2)],
        max: sortedWork.at(-1),
      },
      restart_ms_median: [...restartMs].sort((a, b) => a - b)[Math.floor(restartMs.length / 2)],
      ledger_after_the_last_restart: finalCheck,
      ledger_worst_check_after_any_restart: worstCheck,
      accepted_emails_never_delivered: accepted.filter((e) => !received.includes(e.name)).length,
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
    if (
      violations(finalCheck) > 0 ||
      (worstCheck && violations(worstCheck) > 0) ||
      report.accepted_emails_never_delivered > 0
    ) {
      process.exitCode = 1;
    }
    await kill();
  } finally {
    if (server) await stopServer(server.child, 'SIGKILL');
    await smtp.close();
    await scratch.remove();
    build.remove();
  }
}

/** A ledger that claims a write that never happened, and refuses one that did, must find two faults. */
async function proveTheLedgerCanFail(db: pg.Client, dataDir: string) {
  const name = `crash ledger probe ${process.pid}`;
  const sent = await call('POST', '/api/email/', undefined, {
    template: 'contact',
    name,
    email: 'probe@example.com',
    message: 'Probe.',
  });
  if (sent.status !== 200) throw new Error(`the probe's contact e-mail was refused: ${sent.status}`);
  const probe = new Ledger();
  probe.ack({ kind: 'billing', billingId: 2_147_483_647 });
  probe.refuse({ kind: 'email', name });
  const found = violations(await probe.check(db, dataDir));
  if (found !== 2) throw new Error(`the ledger check found ${found} of 2 planted faults`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
