// SQL behind the metrics' gauges: the outbox's and the job queue's state, read for every firm at once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { emailOutbox, jobs } from '../../db/schema';

/** The job queue's due jobs, how long the oldest has waited, and the failures of the last day. */
export async function jobQueueState(db: Db) {
  const [row] = await queryRows<{ due: number; oldest_age: number | null; failed: number }>(
    db,
    sql`select count(*) filter (where status in ('queued', 'running') and run_at <= now())::int as due,
          extract(epoch from now() - min(run_at) filter (where status in ('queued', 'running')
            and run_at <= now()))::float8 as oldest_age,
          count(*) filter (where status = 'failed' and finished_at > now() - interval '1 day')::int as failed
        from ${jobs}`,
  );
  return { due: row?.due ?? 0, oldestAge: Math.max(0, row?.oldest_age ?? 0), failed: row?.failed ?? 0 };
}

/** The outbox's waiting e-mails and the age of the oldest. */
export async function outboxState(db: Db) {
  const [row] = await queryRows<{ pending: number; oldest_age: number | null }>(
    db,
    sql`select count(*)::int as pending,
          extract(epoch from now() - min(${emailOutbox.createdAt}))::float8 as oldest_age
        from ${emailOutbox} where ${emailOutbox.status} = 'pending'`,
  );
  return { pending: row?.pending ?? 0, oldestAge: Math.max(0, row?.oldest_age ?? 0) };
}
