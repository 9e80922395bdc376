import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firmWithRequest } from '../../../test/factories';
import { getContext, randomIp } from '../../../test/helpers';
import { companies, fileAccesses, patients, requests } from '../../db/schema';
import { storeObject } from './files.test-utils';

/**
 * Every read of a stored PHI document is logged, whatever table holds its link: a client's HIPAA form,
 * a request's HIPAA and intake forms and the firm's release form have no files row, so the access row
 * names the stored key.
 */
async function download(headers: Record<string, string>, key: string, ip: string) {
  const { app } = await getContext();
  const res = await app.inject({ method: 'POST', url: '/getFileUrl/', headers, payload: { url: key } });
  expect(res.statusCode, res.body).toBe(200);
  const file = await app.inject({ url: res.json().url, remoteAddress: ip });
  expect(file.statusCode).toBe(200);
}

async function accessesOf(key: string) {
  const { deps } = await getContext();
  return deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileKey, key));
}

describe('downloads of forms linked outside the files table', () => {
  it("writes an access row with the key, user and IP for a client's HIPAA form", async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const key = await storeObject(deps, `hipaa-forms/${randomUUID()}.pdf`);
    await deps.db.update(patients).set({ hipaaConsentUrl: key }).where(eq(patients.id, firm.patient.id));
    const ip = randomIp();
    await download(firm.paralegal.headers, key, ip);
    expect(await accessesOf(key)).toMatchObject([
      { action: 'DOWNLOAD', fileId: null, fileKey: key, userId: firm.paralegal.user.id, ip },
    ]);
  });

  it("logs a request's intake form and the firm's release form too", async () => {
    const { deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const intake = await storeObject(deps, `hipaa-forms/intake-${randomUUID()}.pdf`);
    const release = await storeObject(deps, `company-forms/release-${randomUUID()}.pdf`);
    await deps.db.update(requests).set({ intakeFormUrl: intake }).where(eq(requests.id, firm.request.id));
    await deps.db.update(companies).set({ releaseFormUrl: release }).where(eq(companies.id, firm.company.id));
    const ip = randomIp();
    await download(firm.staff.headers, intake, ip);
    await download(firm.staff.headers, release, ip);
    expect(await accessesOf(intake)).toMatchObject([{ fileKey: intake, userId: firm.staff.user.id, ip }]);
    expect(await accessesOf(release)).toMatchObject([{ fileKey: release, userId: firm.staff.user.id, ip }]);
  });
});
