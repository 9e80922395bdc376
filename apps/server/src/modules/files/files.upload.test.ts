import { existsSync, type ReadStream } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FILE_MSG, uploadTooLargeMessage } from '@dd/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCompany, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDeps } from '../../deps';
import { sniffFileType } from '../../lib/file-type';
import { EXE, multipart, PDF, PNG, upload } from './files.test-utils';
import { removeLeftoverUploads, sanitizeFileName, uploadStagingDir } from './files.upload';

/** POST /api/photoUpload/: accepted types, size and type rejections, bucket and count validation. */
async function leftInStorage(dataDir: string, bucket: string, userId: number): Promise<string[]> {
  const dir = path.join(dataDir, 'files', bucket, `u${userId}`);
  return existsSync(dir) ? readdir(dir) : [];
}

async function spoolFolders(dataDir: string): Promise<string[]> {
  const dir = uploadStagingDir(dataDir);
  return existsSync(dir) ? readdir(dir) : [];
}

describe('POST /api/photoUpload/', () => {
  it('stores a PDF under the bucket and the uploader, and answers url, filename, order', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const res = await upload(app, caller.headers, {
      bucket: 'supporting-documents',
      filename: 'HIPAA form (signed).pdf',
    });
    expect(res.statusCode).toBe(200);
    const [file] = res.json().uploaded_files;
    expect(file).toMatchObject({ filename: 'HIPAA form (signed).pdf', order: 0 });
    expect(file.url).toMatch(
      new RegExp(`^supporting-documents/u${caller.user.id}/[0-9a-f-]{36}-HIPAA-form-signed-.pdf$`),
    );
    expect(await deps.storage.stat(file.url)).toEqual({ size: PDF.length });
  });

  it('stages the upload inside DATA_DIR (a medical record never waits in the system temp folder)', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const put = vi.spyOn(deps.storage, 'put');
    try {
      const res = await upload(app, caller.headers, { bucket: 'provider-records' });
      expect(res.statusCode).toBe(200);
      const staged = String((put.mock.calls.at(-1)![1] as ReadStream).path);
      expect(staged.startsWith(uploadStagingDir(deps.config.dataDir) + path.sep)).toBe(true);
    } finally {
      put.mockRestore();
    }
  });

  it('removes what a crash left in the staging folder', async () => {
    const dataDir = path.join(os.tmpdir(), `dd-staging-${process.pid}`);
    const left = path.join(uploadStagingDir(dataDir), 'dd-upload-crashed');
    await mkdir(left, { recursive: true });
    await writeFile(path.join(left, 'record.pdf'), PDF);
    expect(await removeLeftoverUploads(dataDir)).toBe(1);
    expect(await readdir(uploadStagingDir(dataDir))).toEqual([]);
    expect(await removeLeftoverUploads(path.join(dataDir, 'never-made'))).toBe(0);
  });

  it('accepts several files in one request, numbered in order', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const body = multipart([
      { name: 'files[]', filename: 'a.pdf', content: PDF },
      { name: 'files[]', filename: 'scan.png', content: PNG },
      { name: 'bucket_name', value: 'hipaa-forms' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().uploaded_files.map((f: { filename: string; order: number }) => [f.filename, f.order]),
    ).toEqual([
      ['a.pdf', 0],
      ['scan.png', 1],
    ]);
  });

  it('refuses a type it does not recognise by content (415) and stores nothing, even after a good file', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const res = await upload(app, caller.headers, {
      bucket: 'supporting-documents',
      filename: 'innocent.pdf',
      content: EXE,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(FILE_MSG.wrongType);

    const mixed = multipart([
      { name: 'files[]', filename: 'good.pdf', content: PDF },
      { name: 'files[]', filename: 'bad.pdf', content: EXE },
      { name: 'bucket_name', value: 'supporting-documents' },
    ]);
    const second = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: { ...caller.headers, ...mixed.headers },
      payload: mixed.payload,
    });
    expect(second.statusCode).toBe(415);
    expect(await leftInStorage(deps.config.dataDir, 'supporting-documents', caller.user.id)).toEqual([]);
  });

  it('validates the bucket, the file count and the content type of the request', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    for (const bucket of [undefined, 'secrets', '../provider-records']) {
      const res = await upload(app, caller.headers, { bucket });
      expect(res.statusCode, String(bucket)).toBe(400);
      expect(res.json().error).toBe(FILE_MSG.unknownBucket);
    }
    const none = multipart([{ name: 'bucket_name', value: 'hipaa-forms' }]);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: { ...caller.headers, ...none.headers },
      payload: none.payload,
    });
    expect(empty.json()).toEqual({ error: FILE_MSG.noFiles });

    const eleven = multipart([
      ...Array.from({ length: 11 }, (_, i) => ({ name: 'files[]', filename: `f${i}.pdf`, content: PDF })),
      { name: 'bucket_name', value: 'hipaa-forms' },
    ]);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: { ...caller.headers, ...eleven.headers },
      payload: eleven.payload,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(FILE_MSG.tooManyFiles);

    const json = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: caller.headers,
      payload: { bucket_name: 'hipaa-forms' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(FILE_MSG.notMultipart);
    expect(await leftInStorage(deps.config.dataDir, 'hipaa-forms', caller.user.id)).toEqual([]);
  });

  it('refuses files under another field name', async () => {
    const { app, deps } = await getContext();
    const caller = await signedIn(deps);
    const body = multipart([
      { name: 'avatar', filename: 'a.pdf', content: PDF },
      { name: 'bucket_name', value: 'hipaa-forms' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/photoUpload/',
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('upload size limit', () => {
  // Same database, secrets and storage folder as the shared app; only the limit differs.
  const small = getContext().then(async ({ deps }) =>
    buildApp(createDeps({ ...deps.config, MAX_UPLOAD_MB: 1 }, deps.db)),
  );
  afterAll(async () => (await small).close());

  it('answers 413 with the limit for a file one byte over, keeps nothing and cleans its spool', async () => {
    const { deps } = await getContext();
    const app = await small;
    const company = await createCompany(deps.db);
    const caller = await signedIn(deps, { companyId: company.id });
    const before = await spoolFolders(deps.config.dataDir);
    const exact = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 - PDF.length, 32)]);
    expect(
      (await upload(app, caller.headers, { bucket: 'provider-records', content: exact })).statusCode,
    ).toBe(200);

    const over = Buffer.concat([exact, Buffer.from(' ')]);
    const res = await upload(app, caller.headers, { bucket: 'provider-records', content: over });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(uploadTooLargeMessage(1));
    expect(res.json().error).toBe('This file is too large. The limit is 1 MB.');
    expect(await leftInStorage(deps.config.dataDir, 'provider-records', caller.user.id)).toHaveLength(1);
    expect(await spoolFolders(deps.config.dataDir)).toEqual(before);
  });
});

describe('content sniffing and names', () => {
  it('recognises the accepted formats by their first bytes only', () => {
    const zipEntry = (name: string) =>
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(name)]);
    const cases: [Buffer, string | undefined][] = [
      [PDF, 'application/pdf'],
      [PNG, 'image/png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
      [Buffer.from('GIF89a....'), 'image/gif'],
      [Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0]), 'image/tiff'],
      [Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 8]), 'image/tiff'],
      [
        zipEntry('[Content_Types].xml'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [zipEntry('data.csv'), 'application/zip'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword'],
      [EXE, undefined],
      [Buffer.from('<html><script>'), undefined],
      [Buffer.alloc(0), undefined],
      [Buffer.from('%PD'), undefined],
    ];
    for (const [bytes, mime] of cases)
      expect(sniffFileType(bytes)?.mime, bytes.subarray(0, 8).toString('hex')).toBe(mime);
  });

  it('keeps storage key names plain', () => {
    expect(sanitizeFileName('C:\\Users\\me\\Récords 2024.pdf')).toBe('Records-2024.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('...')).toBe('file');
  });
});
