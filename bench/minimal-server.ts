/**
 * The minimal server the throughput benchmark compares the app with, as a process of its own: Fastify
 * and pg, no auth, validation, logging or serialisation schemas, running exactly the SQL statements the
 * app runs for each call (captured from the app's own query functions and written to MINIMAL_STATEMENTS),
 * each prepared once per connection.
 * A read runs its phases (statements of one phase side by side) and returns the rows; a write runs its
 * statements in one transaction.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './measure';

export interface MinimalCalls {
  reads: Record<string, Statement[][]>;
  writes: Record<string, Statement[]>;
}

/** Every statement as a named prepared statement, as the app's hottest lists run theirs. */
const prepared = (s: Statement) => ({
  name: `s${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}`,
  text: s.sql,
  values: s.params,
});

const calls = JSON.parse(readFileSync(process.env.MINIMAL_STATEMENTS as string, 'utf8')) as MinimalCalls;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = Fastify();

for (const [name, phases] of Object.entries(calls.reads)) {
  server.get(`/${name}`, async () => {
    const results: unknown[][] = [];
    for (const phase of phases) {
      const answers = await Promise.all(phase.map((s) => pool.query(prepared(s))));
      for (const answer of answers) results.push(answer.rows);
    }
    return { results };
  });
}
for (const [name, statements] of Object.entries(calls.writes)) {
  server.post(`/${name}`, async (_request, reply) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      let last: unknown[] = [];
      for (const s of statements) last = (await client.query(prepared(s))).rows;
      await client.query('commit');
      return reply.status(201).send(last[0] ?? {});
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
}

await server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('minimal server ready');
process.on('SIGTERM', () => {
  void server.close().then(() => pool.end());
});
