import type { Module } from '../../app-types';
import { isDatabaseReachable } from './health.service';

/** Liveness (process up) and readiness (database reachable). */
export const healthRoutes: Module = (app, { db }) => {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    if (await isDatabaseReachable(db)) return { status: 'ready' };
    return reply.status(503).send({ status: 'unavailable', error: 'Database unreachable' });
  });
};
