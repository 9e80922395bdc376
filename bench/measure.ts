/** Timing helpers for the benchmarks: percentiles, timed loops, EXPLAIN ANALYZE and the results table. */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { benchDatabaseUrl } from './generate';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

/** Runs `fn` `warmup` times untimed, then `runs` times one after another, timing each. */
export async function timed(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/**
 * Times two functions alternately (a, b, a, b, …) so both see the same background load on a shared
 * machine; a ratio of their percentiles is then fair even when the machine is busy.
 */
export async function timedPair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs: number,
  warmup: number,
): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    await a();
    samplesA.push(performance.now() - started);
    started = performance.now();
    await b();
    samplesB.push(performance.now() - started);
  }
  return [percentiles(samplesA), percentiles(samplesB)];
}

/** The statements of one phase run side by side, as the service runs them (page and count together). */
export async function runPhases(pool: pg.Pool, phases: Statement[][]): Promise<void> {
  for (const phase of phases) await Promise.all(phase.map((s) => pool.query(s.sql, s.params)));
}

/** Server-side execution time of each statement (EXPLAIN ANALYZE), summed per phase, then over phases. */
export async function explainMs(pool: pg.Pool, phases: Statement[][]): Promise<number> {
  let total = 0;
  for (const phase of phases) {
    const times = await Promise.all(
      phase.map(async (s) => {
        const res = await pool.query(`explain (analyze, timing off, format json) ${s.sql}`, s.params);
        return (res.rows[0]['QUERY PLAN'] as { 'Execution Time': number }[])[0]['Execution Time'];
      }),
    );
    total += Math.max(...times);
  }
  return total;
}

export async function planText(pool: pg.Pool, s: Statement): Promise<string> {
  const res = await pool.query(`explain (analyze, buffers) ${s.sql}`, s.params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

export interface ResultRow {
  name: string;
  call: string;
  app: Timing;
  raw: Timing;
  explain: number;
}

const ms = (n: number) => n.toFixed(2);

export function resultsTable(rows: ResultRow[]): string {
  const lines = [
    '| call | app p50 | app p95 | raw SQL p50 | raw SQL p95 | ratio p50 | ratio p95 | EXPLAIN ANALYZE | p95 < 30 ms | p95 ≤ 1.5× raw |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|',
  ];
  for (const r of rows) {
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    lines.push(
      `| ${r.name}<br>\`${r.call}\` | ${ms(r.app.p50)} | ${ms(r.app.p95)} | ${ms(r.raw.p50)} | ${ms(r.raw.p95)} | ` +
        `${ratio(r.app.p50, r.raw.p50)} | ${ratio(r.app.p95, r.raw.p95)} | ${ms(r.explain)} | ` +
        `${r.app.p95 < 30 ? 'yes' : 'no'} | ${r.app.p95 <= 1.5 * r.raw.p95 ? 'yes' : 'no'} |`,
    );
  }
  return `${lines.join('\n')}\n\nTimes in milliseconds.`;
}

/**
 * The growth table of a 10k-against-1M benchmark: one row per case measured on both, with the two goals (p95
 * under 100 ms at 1M, at most 2× the 10k p95), and how many cases miss one. `rows` says what a case returned.
 */
export function growthTable<T extends { timing: Timing }>(
  small: Map<string, T>,
  big: Map<string, T>,
  rowsHeading: string,
  rows: (s: T, b: T) => string,
): { table: string; misses: number } {
  const lines = [
    `| case | ${rowsHeading} | 10k p95 | 1M p50 | 1M p95 | growth | p95 < 100 ms | growth ≤ 2× |`,
    '|---|---:|---:|---:|---:|---:|:-:|:-:|',
  ];
  let misses = 0;
  for (const [name, b] of big) {
    const s = small.get(name);
    if (!s) continue;
    const growth = b.timing.p95 / s.timing.p95;
    const ok = [b.timing.p95 < 100, growth <= 2];
    if (!ok.every(Boolean)) misses++;
    lines.push(
      `| ${name} | ${rows(s, b)} | ${ms(s.timing.p95)} | ${ms(b.timing.p50)} | ${ms(b.timing.p95)} | ${growth.toFixed(2)}× | ${ok.map((x) => (x ? 'yes' : '**no**')).join(' | ')} |`,
    );
    console.log(`${name.padEnd(48)} 10k p95 ${ms(s.timing.p95)}  1M p95 ${ms(b.timing.p95)} ms`);
  }
  return { table: lines.join('\n'), misses };
}

/**
 * One measure on the 10k database (BENCH_SMALL_DATABASE_URL) and then at once on the 1M one
 * (BENCH_DATABASE_URL), with the load average before and after, so each case's growth is read back to back.
 */
export async function smallThenBig<T>(measure: (url: string) => Promise<T>) {
  const loads = [os.loadavg()[0]];
  const small = await measure(process.env.BENCH_SMALL_DATABASE_URL ?? '');
  const big = await measure(benchDatabaseUrl());
  loads.push(os.loadavg()[0]);
  return { small, big, loads };
}
