import path from 'node:path';
import { DiskUsageSchema } from '@dd/shared';
import { z } from 'zod';
import type { Module } from '../../app-types';
import type { Config } from '../../config';
import { EmptyBodySchema } from '../../lib/empty-body';
import { type DiskPaths, listDiskUsage, takeSnapshot } from './diskusage.service';

/** Data Usage (/diskusage/): the snapshots, newest first, and a snapshot on demand for administrators. */
export const diskPaths = (config: Pick<Config, 'dataDir' | 'S3_BUCKET'>): DiskPaths => ({
  dataDir: config.dataDir,
  filesDir: config.S3_BUCKET ? null : path.join(config.dataDir, 'files'),
});

const Query = z.object({ limit: z.coerce.number().int().min(1).max(5000).default(400) }).strict();

export const diskUsageRoutes: Module = (app, { db, config }) => {
  app.get(
    '/api/home/diskusage/',
    {
      config: { access: 'internalStaff' },
      schema: { querystring: Query, response: { 200: z.array(DiskUsageSchema) } },
    },
    async (request) => listDiskUsage(db, request.query.limit),
  );
  app.post(
    '/api/home/diskusage/',
    {
      config: { access: 'internalAdmin' },
      schema: { body: EmptyBodySchema, response: { 201: DiskUsageSchema } },
    },
    async (_request, reply) => reply.status(201).send(await takeSnapshot(db, diskPaths(config))),
  );
};
