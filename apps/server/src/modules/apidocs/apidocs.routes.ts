import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { Module } from '../../app-types';

/**
 * The API docs: Swagger UI (swagger-ui-dist, served from this server, no CDN) over /api/openapi.json,
 * which @fastify/swagger builds from every route's Zod schemas. /apidocs/ shows it in a frame, so this
 * page (alone) may be framed by the app itself. "Try it out" is off: the docs describe, they do not call.
 */
const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Direct Docs API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<style>body{margin:0}.swagger-ui .topbar{display:none}</style>
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  supportedSubmitMethods: [],
});`;

/** The app's own CSP, except that the app may frame this page and Swagger UI may use inline styles. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'";

export const apiDocsRoutes: Module = (app) => {
  app.get('/api/docs/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-security-policy', CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html')
      .send(PAGE),
  );
  app.get(
    '/api/docs/docs.js',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
  app.get(
    '/api/docs/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.enum(Object.keys(FILES) as [keyof typeof FILES]) }) },
    },
    async (request, reply) =>
      reply
        .type(FILES[request.params.file])
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(path.join(distDir, request.params.file))),
  );
};
