import type { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { ChangeFeed } from './events.feed';
import { openStream } from './events.stream';

/**
 * GET /api/events/: the signed-in user's live updates as server-sent events (docs/api.md, decision 063).
 * `event: change` says which kind of data changed for requests the caller's firm can see (internal users:
 * every firm); it carries no record, only that screens showing requests should read them again. The stream
 * ends after 10 minutes so the client reconnects with a fresh token; a comment every 25 s keeps
 * proxies from closing it.
 */
export const eventsRoutes: Module = (app, { db }) => {
  const feed = new ChangeFeed(db, (error) => app.log.warn({ err: error }, 'live updates: listening failed'));
  const streams = new Set<PassThrough>();
  app.addHook('onReady', () => feed.start());
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', () => feed.stop());

  app.get(
    '/api/events/',
    {
      config: { access: 'authenticated' },
      compress: false,
      schema: { querystring: z.object({}).strict(), hide: true },
    },
    async (request, reply) => {
      const stream = openStream(feed, requireAuth(request), streams, request.raw);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
