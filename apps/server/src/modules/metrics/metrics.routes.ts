import type { App, AppDeps } from '../../app-types';
import { notFound, unauthorized } from '../../lib/errors';
import { createMetrics, tokenMatches } from './metrics';

/**
 * GET /metrics for a Prometheus scraper, behind METRICS_TOKEN (a bearer token); without the setting the
 * route answers 404 and nothing is measured. Registered before every module so its hook sees every call.
 */
export function registerMetrics(app: App, { db, config }: AppDeps) {
  const token = config.METRICS_TOKEN;
  const metrics = token ? createMetrics(db) : null;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) throw notFound();
    if (!tokenMatches(request.headers.authorization, token)) throw unauthorized();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
