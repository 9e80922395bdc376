import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types';

/** Serves the built web app: real files as they are, every other page path gets index.html. */
const API_PREFIXES = [
  '/api/',
  '/users/',
  '/getFileUrl',
  '/get_related_info',
  '/save_related_info',
  '/writeDataToPDF',
  '/convertPDFToJPG',
];

export async function registerWebApp(app: App, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`No built web app at ${webDist}; run "npm run build" to serve the screens.`);
    return;
  }
  // preCompressed: the build writes .br and .gz beside each text file (apps/web/scripts/compress.mjs).
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  // compress: false, because the build's files go as stored: its compressed copies as they are, and a file
  // too small to have one (under 1 kB) with its length rather than compressed chunk by chunk.
  app.get('/*', { config: { access: 'public' }, compress: false }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (API_PREFIXES.some((p) => urlPath.startsWith(p)))
      return reply.status(404).send({ error: 'Not found.' });
    const file = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '');
    // Hashed build files never change; everything else is checked with the server on every use.
    if (path.extname(file) && existsSync(path.join(webDist, file))) {
      if (file.startsWith('/assets/')) return reply.sendFile(file, { maxAge: '1y', immutable: true });
      return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
