import { randomUUID } from 'node:crypto';
import { FILE_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createFile,
  createPatient,
  createProvider,
  createRequest,
  firmWithRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { fileAccesses } from '../../db/schema';
import { PDF, storeObject } from './files.test-utils';
import { signDownloadToken } from './files.tokens';

/** POST /api/download-zip/ and GET /files/zip/<token>/<name>: a client's records in one archive. */
async function recordsFile(
  deps: Awaited<ReturnType<typeof getContext>>['deps'],
  requestId: number,
  name: string,
) {
  const key = await storeObject(deps, `provider-records/test-${randomUUID()}.pdf`);
  return createFile(deps.db, requestId, { name, url: key, contentType: 'application/pdf' });
}

describe('ZIP of a client’s records', () => {
  it('holds the client’s visible records by provider, logs each, and nothing else', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const providerB = await createProvider(deps.db, { name: `Beta Clinic ${randomUUID().slice(0, 6)}` });
    const second = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
      userId: firm.paralegal.user.id,
      providerId: providerB.id,
    });
    const a = await recordsFile(deps, firm.request.id, 'Records.pdf');
    const b1 = await recordsFile(deps, second.id, 'Records.pdf');
    const b2 = await recordsFile(deps, second.id, 'Records.pdf');
    await createFile(deps.db, second.id, { archived: true, url: a.url });
    await createFile(deps.db, second.id, { supportingFile: true, url: a.url });
    const otherClient = await createPatient(deps.db, firm.company.id);
    const otherRequest = await createRequest(deps.db, {
      patientId: otherClient.id,
      companyId: firm.company.id,
      userId: firm.paralegal.user.id,
    });
    await recordsFile(deps, otherRequest.id, 'Other client.pdf');
    // Same client, but a request this paralegal is not on: not visible to them, so not in their ZIP.
    const colleague = await signedIn(deps, { companyId: firm.company.id });
    const colleaguesRequest = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
      userId: colleague.user.id,
    });
    await recordsFile(deps, colleaguesRequest.id, 'Hidden.pdf');

    const res = await app.inject({
      method: 'POST',
      url: '/api/download-zip/',
      headers: firm.paralegal.headers,
      payload: { client: firm.patient.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/files\/zip\/[^/]+\/Pat-Client-[A-Za-z0-9]+-records\.zip$/);
    const zip = await app.inject({ url: res.json().url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = readStoredZip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      `${providerB.name}/Records.pdf`,
      `${providerB.name}/Records (2).pdf`,
      expect.stringMatching(/^Provider [0-9a-f]{8}\/Records\.pdf$/),
    ]);
    for (const entry of entries) expect(entry.data.equals(PDF)).toBe(true);
    const logged = await deps.db
      .select()
      .from(fileAccesses)
      .where(eq(fileAccesses.userId, firm.paralegal.user.id));
    expect(logged.map((l) => l.fileId).sort()).toEqual([a.id, b1.id, b2.id].sort());
  });

  it('answers 404 for another firm’s client and for a client with no records', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    await recordsFile(deps, firm.request.id, 'Records.pdf');
    const other = await signedIn(deps);
    const zip = (headers: Record<string, string>, client: number) =>
      app.inject({ method: 'POST', url: '/api/download-zip/', headers, payload: { client } });
    expect((await zip(other.headers, firm.patient.id)).statusCode).toBe(404);
    const empty = await createPatient(deps.db, firm.company.id);
    const res = await zip(firm.paralegal.headers, empty.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(FILE_MSG.noFilesForClient);
    const forged = signDownloadToken(
      { p: 'z', c: firm.patient.id, u: other.user.id },
      deps.tokens.jwtSecret,
      5,
    );
    expect((await app.inject({ url: `/files/zip/${forged}/x.zip` })).statusCode).toBe(404);
  });
});

/** Reads a ZIP whose entries are stored (not compressed), from its central directory. */
function readStoredZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(method).toBe(0);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataStart, dataStart + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
