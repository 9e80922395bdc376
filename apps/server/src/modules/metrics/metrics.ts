import { timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { jobQueueState, outboxState } from './metrics.queries';

/**
 * Prometheus metrics: calls per route and status with their latency, the e-mail outbox's
 * depth and the age of its oldest waiting message, the job queue's, the database pool, and the process's
 * own figures.
 * Labels are route patterns (`/api/home/request/:id/`), never filled-in paths or query strings, so no
 * identifier or health information ever reaches the metrics.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const calls = new Counter({
    name: 'http_requests_total',
    help: 'HTTP calls answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The gauges of one table are collected together on each scrape: one query serves them.
  const readOutbox = oncePerScrape(() => outboxState(db));
  const readJobs = oncePerScrape(() => jobQueueState(db));
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'E-mails waiting in the outbox (pending or being retried)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail still waiting in the outbox (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldestAge);
    },
  });
  new Gauge({
    name: 'job_queue_due_jobs',
    help: 'Background jobs due now or running (PDF rendering, summaries, snapshots)',
    registers: [registry],
    async collect() {
      this.set((await readJobs()).due);
    },
  });
  new Gauge({
    name: 'job_queue_oldest_due_age_seconds',
    help: 'How long the longest-waiting due job has waited (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await readJobs()).oldestAge);
    },
  });
  new Gauge({
    name: 'job_queue_failed_last_day',
    help: 'Background jobs that failed for good in the last 24 hours',
    registers: [registry],
    async collect() {
      this.set((await readJobs()).failed);
    },
  });
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('db_pool_connections', 'Open database connections', () => pool.totalCount);
    gauge('db_pool_idle_connections', 'Idle database connections', () => pool.idleCount);
    gauge('db_pool_waiting_queries', 'Queries waiting for a database connection', () => pool.waitingCount);
  }
  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      calls.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}

/** Shares one read between the gauges collected in the same scrape. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/** Constant-time check of the scraper's bearer token. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
