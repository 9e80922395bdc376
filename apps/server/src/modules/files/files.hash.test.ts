import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createFile, createRequest, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { App } from '../../app-types';
import { files, uploads } from '../../db/schema';
import { backfillFileHashes } from './files.hash';
import { PDF, storeObject, upload } from './files.test-utils';

/**
 * Chain of custody: every file's SHA-256 is taken when it arrives, answered on the file, backfilled for
 * files stored before, and a second copy of the same bytes on a request is pointed out.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type Headers = Record<string, string>;

async function uploadAndAttach(app: App, headers: Headers, requestId: number, content: Buffer, name: string) {
  const sent = await upload(app, headers, { bucket: 'provider-records', filename: name, content });
  expect(sent.statusCode, sent.body).toBe(200);
  const [stored] = sent.json().uploaded_files;
  const res = await app.inject({
    method: 'POST',
    url: '/api/home/file/',
    headers,
    payload: { name, url: stored.url, request: requestId, supporting_file: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { received: stored.sha256 as string, file: res.json() };
}

describe('file hashes', () => {
  it('answers the SHA-256 of the bytes received at upload and on the attached file', async () => {
    const { app, deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const content = Buffer.concat([PDF, Buffer.from(randomUUID())]);
    const { received, file } = await uploadAndAttach(
      app,
      internalStaff.headers,
      request.id,
      content,
      'a.pdf',
    );
    expect(received).toBe(sha256(content));
    expect(file).toMatchObject({ sha256: sha256(content), duplicate_of: null, bates_start: null });
  });

  it('keeps the hash taken at receipt: a file attached after its stored copy changed records what arrived', async () => {
    const { app, deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const received = Buffer.concat([PDF, Buffer.from(randomUUID())]);
    const sent = await upload(app, internalStaff.headers, { bucket: 'provider-records', content: received });
    const [stored] = sent.json().uploaded_files;
    const [row] = await deps.db.select().from(uploads).where(eq(uploads.key, stored.url));
    expect(row).toMatchObject({ sha256: sha256(received), sizeBytes: received.length });
    await storeObject(deps, stored.url, Buffer.concat([PDF, Buffer.from('changed in storage')]));
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/file/',
      headers: internalStaff.headers,
      payload: { name: 'a.pdf', url: stored.url, request: request.id, supporting_file: false },
    });
    expect([res.statusCode, res.json().sha256]).toEqual([200, sha256(received)]);
  });

  it('points out a second file with the same bytes on the same request, not on another request', async () => {
    const { app, deps } = await getContext();
    const { request, paralegal, patient, company } = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const content = Buffer.concat([PDF, Buffer.from(randomUUID())]);
    const first = await uploadAndAttach(app, internalStaff.headers, request.id, content, 'first.pdf');
    const other = await uploadAndAttach(app, internalStaff.headers, request.id, PDF, 'other.pdf');
    const again = await uploadAndAttach(app, internalStaff.headers, request.id, content, 'again.pdf');
    expect(other.file.duplicate_of).toBeNull();
    expect(again.file.duplicate_of).toBe(first.file.id);

    const detail = await app.inject({ url: `/api/home/request/${request.id}/`, headers: paralegal.headers });
    const byName = Object.fromEntries(
      detail.json().files.map((f: { name: string; duplicate_of: number | null }) => [f.name, f.duplicate_of]),
    );
    expect(byName).toEqual({ 'first.pdf': null, 'other.pdf': null, 'again.pdf': first.file.id });

    const second = await createRequest(deps.db, {
      patientId: patient.id,
      companyId: company.id,
      userId: paralegal.user.id,
    });
    const elsewhere = await uploadAndAttach(app, internalStaff.headers, second.id, content, 'elsewhere.pdf');
    expect(elsewhere.file.duplicate_of).toBeNull();
  });

  it('backfills the hash of files stored before hashes were kept, skipping objects not in storage', async () => {
    const { deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const content = Buffer.concat([PDF, Buffer.from(randomUUID())]);
    const key = await storeObject(deps, `provider-records/old-${randomUUID()}.pdf`, content);
    const old = await createFile(deps.db, request.id, { url: key });
    const missing = await createFile(deps.db, request.id, {
      url: `provider-records/gone-${randomUUID()}.pdf`,
    });
    expect(old.sha256).toBeNull();

    expect(await backfillFileHashes(deps)).toBeGreaterThanOrEqual(1);
    const hashOf = async (id: number) =>
      (await deps.db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, id)))[0].sha256;
    expect(await hashOf(old.id)).toBe(sha256(content));
    expect(await hashOf(missing.id)).toBeNull();
  });
});
