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
  await app.register(fastifyStatic, { root: webDist, serve: false });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (API_PREFIXES.some((p) => urlPath.startsWith(p)))
      return reply.status(404).send({ error: 'Not found.' });
    const file = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '');
    if (path.extname(file) && existsSync(path.join(webDist, file))) {
      const immutable = file.startsWith('/assets/');
      return reply.sendFile(file, { maxAge: immutable ? '1y' : 0, immutable });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
