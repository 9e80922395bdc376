import {
  CreateFileSchema,
  DownloadZipSchema,
  FILE_ACCESS_NOT_RECORDED,
  FILE_MSG,
  FileAccessResultSchema,
  FileAccessSchema,
  FileUrlRequestSchema,
  FileUrlResponseSchema,
  IdSchema,
  RequestFileSchema,
  UpdateFileSchema,
  UploadResponseSchema,
} from '@dd/shared';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { forbidden } from '../../lib/errors';
import { issueFileUrl, sendFile } from './files.download';
import { createRequestFile, updateRequestFile } from './files.service';
import { MULTIPART_LIMITS, receiveUpload } from './files.upload';
import { issueZipUrl, sendZip } from './files.zip';

/**
 * Files (law-firm spec section 7, staff spec "Requests, notes, files"): uploads, attaching them to
 * requests, verify/remove, signed download links, the file-access log and the client ZIP.
 */
const IdParams = z.object({ id: IdSchema });
const DownloadParams = z.object({ '*': z.string().max(8192) });

export const filesRoutes: Module = async (app, deps) => {
  const { db, storage } = deps;

  // Multipart parsing exists only inside this module, with the product's upload limits.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipart, {
      limits: MULTIPART_LIMITS(deps.config.MAX_UPLOAD_MB * 1024 * 1024),
      throwFileSizeLimit: false,
    });
    uploads.post(
      '/api/photoUpload/',
      { config: { access: 'authenticated' }, schema: { response: { 200: UploadResponseSchema } } },
      async (request) => ({
        uploaded_files: await receiveUpload(request, requireAuth(request), {
          db,
          storage,
          maxMb: deps.config.MAX_UPLOAD_MB,
          dataDir: deps.config.dataDir,
          rate: { minKbps: deps.config.MIN_UPLOAD_KBPS, graceMs: deps.config.UPLOAD_GRACE_SECONDS * 1000 },
        }),
      }),
    );
  });

  app.post(
    '/api/home/file/',
    {
      config: { access: 'authenticated' },
      schema: { body: CreateFileSchema, response: { 200: RequestFileSchema } },
    },
    async (request) => createRequestFile(db, storage, requireAuth(request), request.body, clientIp(request)),
  );

  app.post(
    '/api/home/file/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, body: UpdateFileSchema, response: { 200: RequestFileSchema } },
    },
    async (request) => updateRequestFile(db, requireAuth(request), request.params.id, request.body),
  );

  // The spec's client reports its own downloads here. Audit rows come only from transfers the server
  // performed (uploads attached above, downloads streamed below), so this answers and writes nothing.
  app.post(
    '/api/home/fileaccess/',
    {
      config: { access: 'authenticated' },
      schema: { body: FileAccessSchema, response: { 200: FileAccessResultSchema } },
    },
    async () => ({ recorded: false as const, detail: FILE_ACCESS_NOT_RECORDED }),
  );

  app.post(
    '/getFileUrl/',
    {
      config: { access: 'authenticated' },
      schema: { body: FileUrlRequestSchema, response: { 200: FileUrlResponseSchema } },
    },
    async (request) => ({
      url: await issueFileUrl(deps, requireAuth(request), request.body.url, request.body.file),
    }),
  );

  app.post(
    '/api/download-zip/',
    {
      config: { access: 'authenticated' },
      schema: { body: DownloadZipSchema, response: { 200: FileUrlResponseSchema } },
    },
    async (request) => ({ url: await issueZipUrl(deps, requireAuth(request), request.body.client) }),
  );

  // GET /files/<token>/<name> and /files/zip/<token>/<name>. The token in the path is the credential, so
  // these are reachable without a bearer header. A wildcard route because a token carrying a long storage
  // key is longer than a router parameter may be.
  app.get(
    '/files/*',
    // No automatic HEAD route: a HEAD must not count as a download.
    // Stored bytes stream as they are: never run through the answer compression.
    {
      config: { access: 'public' },
      exposeHeadRoute: false,
      compress: false,
      schema: { params: DownloadParams, hide: true },
    },
    async (request, reply) => {
      const [first, second, third] = request.params['*'].split('/');
      if (first === 'zip' && second && third !== undefined)
        return sendZip(deps, request, reply, second, third);
      if (first && second !== undefined && third === undefined) return sendFile(deps, request, reply, first);
      throw forbidden(FILE_MSG.linkExpired);
    },
  );
};
