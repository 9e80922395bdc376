import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../test/helpers';
import { jobs } from '../db/schema';
import { badRequest } from './errors';
import { createJobRunner, enqueueJob, type JobHandler, MAX_ATTEMPTS } from './jobs';

/**
 * The background job queue: each job runs once however many instances poll, a failure is retried with
 * backoff unless it is a refusal, a job abandoned by a dead instance is taken up again, and a
 * recurring chore keeps exactly one live row. Each test uses its own job kind, so other test files'
 * jobs never mix in.
 */
const newKind = () => `test.${randomUUID()}`;

async function jobRow(id: number) {
  const { deps } = await getContext();
  const [row] = await deps.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function runner(kind: string, handler: JobHandler, everySeconds?: number) {
  const { deps } = await getContext();
  return createJobRunner({
    db: deps.db,
    pollMs: 50,
    handlers: { [kind]: handler },
    recurring: everySeconds ? [{ kind, everySeconds }] : [],
  });
}

describe('the job queue', () => {
  it('keeps one live job per key and runs it with its progress recorded', async () => {
    const { deps } = await getContext();
    const kind = newKind();
    const key = `${kind}:form-1`;
    const first = await enqueueJob(deps.db, { kind, key, payload: { formId: 1 } });
    expect(await enqueueJob(deps.db, { kind, key, payload: { formId: 1 } })).toBe(first);

    const seen: unknown[] = [];
    const run = await runner(kind, async (payload, context) => {
      seen.push(payload);
      await context.progress(3, 7);
    });
    expect(await run.runOnce()).toBe(1);
    expect(seen).toEqual([{ formId: 1 }]);
    expect(await jobRow(first)).toMatchObject({
      status: 'done',
      attempts: 1,
      progressDone: 3,
      progressTotal: 7,
      lockedUntil: null,
    });
    // Finished, the key is free again.
    expect(await enqueueJob(deps.db, { kind, key })).not.toBe(first);
  });

  it('runs each job exactly once when two instances poll at the same time', async () => {
    const { deps } = await getContext();
    const kind = newKind();
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) => enqueueJob(deps.db, { kind, payload: { n } })),
    );
    const runs: number[] = [];
    const handler: JobHandler = async (payload) => {
      runs.push(Number(payload.n));
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [a, b] = [await runner(kind, handler), await runner(kind, handler)];
    const [ranByA, ranByB] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ranByA + ranByB).toBe(12);
    expect(runs.sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    for (const id of ids) expect((await jobRow(id)).status).toBe('done');
  });

  it('retries a failure later with its error kept, and fails a refusal at once', async () => {
    const { deps } = await getContext();
    const kind = newKind();
    const flaky = await enqueueJob(deps.db, { kind, payload: { refuse: false } });
    const refused = await enqueueJob(deps.db, { kind, payload: { refuse: true } });
    const run = await runner(kind, async (payload) => {
      if (payload.refuse) throw badRequest('This PDF is password-protected.');
      throw new Error('storage unreachable');
    });
    expect(await run.runOnce()).toBe(2);
    const retried = await jobRow(flaky);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, lastError: 'storage unreachable' });
    expect(retried.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await jobRow(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'This PDF is password-protected.',
    });
    // Not due yet: polling again runs nothing.
    expect(await run.runOnce()).toBe(0);
  });

  it('takes up a job whose instance died once its lease runs out, until its last attempt', async () => {
    const { deps } = await getContext();
    const kind = newKind();
    const orphan = await enqueueJob(deps.db, { kind });
    const lastTry = await enqueueJob(deps.db, { kind });
    const expired = sql`now() - interval '1 minute'`;
    await deps.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: expired })
      .where(eq(jobs.id, orphan));
    await deps.db
      .update(jobs)
      .set({ status: 'running', attempts: MAX_ATTEMPTS, lockedUntil: expired })
      .where(eq(jobs.id, lastTry));
    const ran: number[] = [];
    const run = await runner(kind, async () => {
      ran.push(1);
    });
    expect(await run.runOnce()).toBe(1);
    expect(await jobRow(orphan)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(lastTry)).toMatchObject({ status: 'failed' });
    expect((await jobRow(lastTry)).lastError).toMatch(/stopped while running/);
  });

  it('keeps one live row for a recurring chore and schedules the next run after each', async () => {
    const { deps } = await getContext();
    const kind = newKind();
    let runs = 0;
    const [a, b] = [
      await runner(kind, async () => void runs++, 60),
      await runner(kind, async () => void runs++, 60),
    ];
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs).toBe(1);
    const rows = await deps.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows.map((r) => r.status).sort()).toEqual(['done', 'queued']);
    const next = rows.find((r) => r.status === 'queued');
    expect(next?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
