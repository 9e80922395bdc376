import { Readable } from 'node:stream';
import { IdSchema, WEBSITE_COMPONENT_NAMES, WebsitePageBodySchema } from '@dd/shared';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-types';
import { requireAuth } from '../../authz';
import { badRequest, HttpError } from '../../lib/errors';
import { sniffFileType } from '../../lib/file-type';
import { StorageNotFoundError } from '../../lib/storage';
import {
  listEditorPages,
  listPageVersions,
  previewPage,
  publishPage,
  restorePageVersion,
  saveDraft,
} from './website.publishing';
import {
  createWebsitePage,
  deleteWebsitePage,
  ensureBuiltInPages,
  getComponent,
  getWebsitePage,
  listComponents,
  listWebsitePages,
  newWebsiteImageName,
  updateComponent,
  websiteImageKey,
} from './website.service';

/**
 * Website pages and the page builder (staff spec sections 2, 3 and 7). Published pages and their images
 * are public marketing content; drafts, their preview, publishing, restoring, deleting, images and
 * component defaults are for internal staff. A save (the spec's POST …/page/{id}/) stores a draft.
 */
const Value = z.union([z.string(), z.number()]);
const PageSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  components: z.array(z.string()),
  componentProps: z.array(z.record(z.string(), Value.optional())),
  updated_at: z.string(),
});
const EditorPageSchema = PageSchema.extend({
  has_draft: z.boolean(),
  draft_saved_at: z.string().nullable(),
  published_at: z.string().nullable(),
  published_url: z.string().nullable(),
});
const VersionSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  components: z.number(),
  saved_at: z.string(),
  saved_by: z.string().nullable(),
});
const ComponentSchema = z.object({
  id: z.number(),
  name: z.enum(WEBSITE_COMPONENT_NAMES),
  props: z.record(z.string(), Value.optional()),
  pages: z.number(),
});
const IdParams = z.object({ id: IdSchema });
const VersionParams = z.object({ id: IdSchema, version: IdSchema });
const ImageParams = z.object({ name: z.string().regex(/^[a-f0-9-]{36}\.(png|jpg|gif)$/) });
const staffOnly = { access: 'internalStaff' as const };

/** Website images: PNG, JPEG or GIF (never SVG, which can carry script), at most 5 MB. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_MSG = {
  missing: 'Choose an image to upload.',
  wrongType: 'Upload a PNG, JPEG or GIF image.',
  tooLarge: 'Images may be at most 5 MB.',
};

export const websiteRoutes: Module = async (app, { db, storage }) => {
  app.addHook('onReady', () => ensureBuiltInPages(db));

  app.get(
    '/api/modelWebsite/page/',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ url: z.string().max(500).optional() }),
        response: { 200: z.array(PageSchema) },
      },
    },
    async (request) => listWebsitePages(db, request.query.url),
  );

  app.get(
    '/api/modelWebsite/page/:id/',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: PageSchema } } },
    async (request) => getWebsitePage(db, request.params.id),
  );

  app.post(
    '/api/modelWebsite/page/',
    { config: staffOnly, schema: { body: WebsitePageBodySchema, response: { 200: EditorPageSchema } } },
    async (request) => createWebsitePage(db, requireAuth(request), request.body),
  );

  app.post(
    '/api/modelWebsite/page/:id/',
    {
      config: staffOnly,
      schema: { params: IdParams, body: WebsitePageBodySchema, response: { 200: EditorPageSchema } },
    },
    async (request) => saveDraft(db, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/modelWebsite/page/all/',
    { config: staffOnly, schema: { response: { 200: z.array(EditorPageSchema) } } },
    async () => listEditorPages(db),
  );

  app.get(
    '/api/modelWebsite/page/:id/preview/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: EditorPageSchema } } },
    async (request) => previewPage(db, request.params.id),
  );

  app.post(
    '/api/modelWebsite/page/:id/publish/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: EditorPageSchema } } },
    async (request) => publishPage(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/modelWebsite/page/:id/delete/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: z.object({ success: z.string() }) } } },
    async (request) => deleteWebsitePage(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/modelWebsite/page/:id/versions/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: z.array(VersionSchema) } } },
    async (request) => listPageVersions(db, request.params.id),
  );

  app.post(
    '/api/modelWebsite/page/:id/versions/:version/restore/',
    { config: staffOnly, schema: { params: VersionParams, response: { 200: EditorPageSchema } } },
    async (request) =>
      restorePageVersion(db, requireAuth(request), request.params.id, request.params.version),
  );

  app.get(
    '/api/home/component/',
    { config: staffOnly, schema: { response: { 200: z.array(ComponentSchema) } } },
    async () => listComponents(db),
  );

  app.get(
    '/api/home/component/:id/',
    { config: staffOnly, schema: { params: IdParams, response: { 200: ComponentSchema } } },
    async (request) => getComponent(db, request.params.id),
  );

  app.post(
    '/api/home/component/:id/',
    {
      config: staffOnly,
      schema: {
        params: IdParams,
        body: z.object({ props: z.record(z.string().max(60), Value.nullable()) }),
        response: { 200: ComponentSchema },
      },
    },
    async (request) => updateComponent(db, requireAuth(request), request.params.id, request.body.props),
  );

  app.get(
    '/api/modelWebsite/image/:name',
    { config: { access: 'public' }, schema: { params: ImageParams } },
    async (request, reply) => {
      const { name } = request.params;
      try {
        const body = await storage.get(websiteImageKey(name));
        const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.gif') ? 'image/gif' : 'image/jpeg';
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .type(type)
          .send(body);
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw new HttpError(404, 'No such image.');
        throw error;
      }
    },
  );

  // Multipart parsing only for the image upload, with its own size limit.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipart, { limits: { files: 1, fileSize: MAX_IMAGE_BYTES + 1, fields: 0 } });
    uploads.post(
      '/api/modelWebsite/image/',
      { config: staffOnly, schema: { response: { 200: z.object({ url: z.string() }) } } },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(IMAGE_MSG.missing);
        const file = await request.file();
        if (!file) throw badRequest(IMAGE_MSG.missing);
        const bytes = await file.toBuffer();
        if (bytes.length > MAX_IMAGE_BYTES || file.file.truncated)
          throw new HttpError(413, IMAGE_MSG.tooLarge);
        const type = sniffFileType(bytes.subarray(0, 512));
        if (!type || !IMAGE_TYPES.has(type.mime)) throw new HttpError(415, IMAGE_MSG.wrongType);
        const { name, url } = newWebsiteImageName(type.ext);
        await storage.put(websiteImageKey(name), Readable.from(bytes), { contentType: type.mime });
        return { url };
      },
    );
  });
};
