import { sql } from 'drizzle-orm';
import type { Module } from '../../app-types';

/** Liveness (process up) and readiness (database reachable). */
export const healthRoutes: Module = (app, { db }) => {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', error: 'Database unreachable' });
    }
  });
};
