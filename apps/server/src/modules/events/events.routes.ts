import type { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import type { Db } from '../../db/client';
import { ChangeFeed } from './events.feed';
import { openStream } from './events.stream';

/**
 * GET /api/events/: the signed-in user's live updates as server-sent events (docs/api.md, decision 063).
 * `event: change` says which kind of data changed for requests the caller's firm can see (internal users:
 * every firm); it carries no record, only that screens showing requests should read them again. The stream
 * ends after 10 minutes so the client reconnects with a fresh token; a comment every 25 s keeps
 * proxies from closing it.
 */
/**
 * One feed (one LISTEN connection) per database, however many app instances a process builds on it (the
 * tests build several); it starts with the first instance and stops with the last.
 */
const feeds = new WeakMap<Db, { feed: ChangeFeed; apps: number }>();

export const eventsRoutes: Module = (app, { db }) => {
  const shared = feeds.get(db) ?? {
    feed: new ChangeFeed(db, (error) => app.log.warn({ err: error }, 'live updates: listening failed')),
    apps: 0,
  };
  feeds.set(db, shared);
  const { feed } = shared;
  const streams = new Set<PassThrough>();
  app.addHook('onReady', async () => {
    shared.apps += 1;
    if (shared.apps === 1) await feed.start();
  });
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.addHook('onClose', async () => {
    shared.apps -= 1;
    if (shared.apps > 0) return;
    feeds.delete(db);
    await feed.stop();
  });

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
