import {
  CreateFileSchema,
  DownloadZipSchema,
  FILE_MSG,
  FileAccessSchema,
  FileUrlRequestSchema,
  FileUrlResponseSchema,
  RequestFileSchema,
  UpdateFileSchema,
  UploadResponseSchema,
} from '@dd/shared';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { forbidden } from '../../lib/errors';
import { issueFileUrl, sendFile } from './files.download';
import { createRequestFile, recordFileAccess, updateRequestFile } from './files.service';
import { MULTIPART_LIMITS, receiveUpload } from './files.upload';
import { issueZipUrl, sendZip } from './files.zip';

/**
 * Files (law-firm spec section 7, staff spec "Requests, notes, files"): uploads, attaching them to
 * requests, verify/remove, signed download links, the file-access log and the client ZIP.
 */
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const DownloadParams = z.object({ '*': z.string().max(8192) });
const FileAccessResponse = z.object({
  id: z.number(),
  action: z.enum(['DOWNLOAD', 'UPLOAD']),
  ip: z.string().nullable(),
  file: z.number(),
  user: z.number().nullable(),
  created_at: z.string(),
});

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
          storage,
          maxMb: deps.config.MAX_UPLOAD_MB,
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
    async (request) => createRequestFile(db, storage, requireAuth(request), request.body, request.ip),
  );

  app.post(
    '/api/home/file/:id/',
    {
      config: { access: 'authenticated' },
      schema: { params: IdParams, body: UpdateFileSchema, response: { 200: RequestFileSchema } },
    },
    async (request) => updateRequestFile(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/home/fileaccess/',
    {
      config: { access: 'authenticated' },
      schema: { body: FileAccessSchema, response: { 200: FileAccessResponse } },
    },
    async (request) => {
      const row = await recordFileAccess(db, requireAuth(request), request.body, request.ip);
      return {
        id: row.id,
        action: row.action,
        ip: row.ip,
        file: row.fileId,
        user: row.userId,
        created_at: row.createdAt.toISOString(),
      };
    },
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
    { config: { access: 'public' }, exposeHeadRoute: false, schema: { params: DownloadParams, hide: true } },
    async (request, reply) => {
      const [first, second, third] = request.params['*'].split('/');
      if (first === 'zip' && second && third !== undefined)
        return sendZip(deps, request, reply, second, third);
      if (first && second !== undefined && third === undefined) return sendFile(deps, request, reply, first);
      throw forbidden(FILE_MSG.linkExpired);
    },
  );
};
