import { inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { jobs } from '../db/schema';
import { HttpError } from './errors';
import { createPoller, type Poller } from './poller';

/**
 * The background job queue (decision 034): every server instance runs a runner that claims
 * due jobs with `FOR UPDATE SKIP LOCKED` under a lease, so a job runs on one instance at a time, and a
 * job whose instance died is taken up again once its lease has run out. Jobs are enqueued in the
 * caller's transaction, so work is queued exactly when the change that needs it commits.
 */
export const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 120;

export interface JobContext {
  /** Records progress (and extends the lease) for whoever shows it. */
  progress(done: number, total: number): Promise<void>;
}
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface RecurringJob {
  kind: string;
  everySeconds: number;
}

interface JobRow {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Queues a job. With a key, a job already queued or running under that key is kept and its id
 * answered: the same work is never queued twice.
 */
export async function enqueueJob(
  db: DbOrTx,
  job: { kind: string; key?: string; payload?: Record<string, unknown>; runAt?: SQL },
): Promise<number> {
  const [inserted] = await queryRows<{ id: number }>(
    db,
    sql`insert into ${jobs} (kind, key, payload, run_at)
        values (${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt ?? sql`now()`})
        on conflict (key) where status in ('queued', 'running') do nothing
        returning id`,
  );
  if (inserted) return Number(inserted.id);
  const [live] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${jobs} where key = ${job.key ?? null} and status in ('queued', 'running')`,
  );
  // The live job may have finished in between: then this one is queued after all.
  return live ? Number(live.id) : enqueueJob(db, job);
}

function backoffSeconds(attempts: number): number {
  return Math.min(10 * 3 ** (attempts - 1), 3600);
}

/** Leases up to `limit` due jobs: queued ones whose time has come, and running ones whose lease ran out. */
async function claimJobs(db: DbOrTx, limit: number, kinds: string[]): Promise<JobRow[]> {
  const rows = await queryRows<JobRow>(
    db,
    sql`update ${jobs} set status = 'running', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (
          select id from ${jobs}
          where ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
            and attempts < ${MAX_ATTEMPTS}
            and ${inArray(jobs.kind, kinds)}
          order by run_at
          limit ${limit}
          for update skip locked
        )
        returning id, kind, key, payload, attempts`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** A job whose instance died on its last attempt is not retried again: it is failed, with why. */
async function failAbandoned(db: DbOrTx) {
  await db.execute(
    sql`update ${jobs} set status = 'failed', finished_at = now(), locked_until = null,
          last_error = 'The server stopped while running this job, on its last attempt.'
        where status = 'running' and locked_until < now() and attempts >= ${MAX_ATTEMPTS}`,
  );
}

/** This attempt's row: once its lease ran out and another instance took the job, no longer ours to update. */
const ownAttempt = (job: JobRow) => sql`id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;

async function finish(db: DbOrTx, job: JobRow, recurring?: RecurringJob) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${jobs} set status = 'done', finished_at = now(), locked_until = null, last_error = null
          where ${ownAttempt(job)}`,
    );
    if (recurring)
      await enqueueJob(tx, {
        kind: recurring.kind,
        key: recurring.kind,
        runAt: sql`now() + make_interval(secs => ${recurring.everySeconds})`,
      });
  });
}

/** A refusal (a 4xx, such as a PDF that cannot be read) will not change on retry; anything else may. */
async function fail(db: DbOrTx, job: JobRow, error: unknown) {
  const permanent = error instanceof HttpError && error.statusCode < 500;
  const final = permanent || job.attempts >= MAX_ATTEMPTS;
  const message = String((error as Error)?.message ?? error).slice(0, 1000);
  await db.execute(
    sql`update ${jobs} set last_error = ${message}, locked_until = null,
          status = ${final ? 'failed' : 'queued'},
          finished_at = ${final ? sql`now()` : null},
          run_at = ${final ? sql`run_at` : sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`}
        where ${ownAttempt(job)}`,
  );
}

/** runOnce runs what is due now, one job at a time, and resolves with the number of jobs run. */
export type JobRunner = Poller;

export function createJobRunner(options: {
  db: DbOrTx;
  handlers: Record<string, JobHandler>;
  recurring?: RecurringJob[];
  pollMs: number;
  log?: { error(obj: unknown, msg?: string): void };
}): JobRunner {
  const { db, handlers } = options;
  const kinds = Object.keys(handlers);
  const recurring = new Map((options.recurring ?? []).map((r) => [r.kind, r]));
  let recurringCheckedAt = 0;

  /** Each recurring chore has one live row; this puts back one that is missing (first start, or failed). */
  async function ensureRecurring() {
    if (Date.now() - recurringCheckedAt < 60_000) return;
    recurringCheckedAt = Date.now();
    for (const r of recurring.values()) await enqueueJob(db, { kind: r.kind, key: r.kind });
  }

  async function run(job: JobRow) {
    const context: JobContext = {
      async progress(done, total) {
        await db.execute(
          sql`update ${jobs} set progress_done = ${done}, progress_total = ${total},
                locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
              where ${ownAttempt(job)}`,
        );
      },
    };
    try {
      await handlers[job.kind](job.payload, context);
      await finish(db, job, recurring.get(job.kind));
    } catch (error) {
      options.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'background job failed');
      await fail(db, job, error);
    }
  }

  async function drain(): Promise<number> {
    await ensureRecurring();
    await failAbandoned(db);
    let count = 0;
    while (!poller.stopped) {
      const [job] = await claimJobs(db, 1, kinds);
      if (!job) break;
      await run(job);
      count++;
    }
    return count;
  }

  const poller = createPoller(drain, {
    pollMs: options.pollMs,
    firstDelayMs: 0,
    onError: (error) => options.log?.error({ err: error }, 'job queue poll failed'),
  });
  return poller;
}
