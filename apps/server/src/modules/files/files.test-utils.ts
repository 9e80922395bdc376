import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { App, AppDeps } from '../../app-types';

/** Helpers for the files tests: multipart bodies, sample documents and direct uploads. */
export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
  Buffer.alloc(2000, 32),
]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(600, 1),
]);
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(800, 7)]);

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

export function multipart(parts: Part[]) {
  const boundary = `----dd-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one file through POST /api/photoUpload/ and returns the response. */
export async function upload(
  app: App,
  headers: Record<string, string>,
  options: { bucket?: string; filename?: string; content?: Buffer; extra?: Part[] } = {},
) {
  const body = multipart([
    { name: 'files[]', filename: options.filename ?? 'report.pdf', content: options.content ?? PDF },
    ...(options.extra ?? []),
    { name: 'name', value: options.filename ?? 'report.pdf' },
    ...(options.bucket === undefined ? [] : [{ name: 'bucket_name', value: options.bucket }]),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/photoUpload/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Puts bytes straight into storage (as the seed or a staff upload would have). */
export async function storeObject(deps: AppDeps, key: string, content: Buffer = PDF): Promise<string> {
  await deps.storage.put(key, Readable.from([content]), { contentType: 'application/pdf' });
  return key;
}
