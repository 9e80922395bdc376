import { randomUUID } from 'node:crypto';
import { FILE_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callers, createFile, createProvider, firmWithRequest, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { App } from '../../app-types';
import { companies, fileAccesses, patients, requests } from '../../db/schema';
import { clientBody } from '../patients/patients.fixtures';
import { PDF, storeObject, upload } from './files.test-utils';
import { signDownloadToken } from './files.tokens';

/** POST /getFileUrl/ and GET /files/<token>/<name>: who gets a link, what the download streams and logs. */
const fileUrl = (app: App, headers: Record<string, string>, url: string, file?: number) =>
  app.inject({ method: 'POST', url: '/getFileUrl/', headers, payload: { url, file } });

async function linkFor(app: App, headers: Record<string, string>, url: string): Promise<string> {
  const res = await fileUrl(app, headers, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

async function recordsFile(
  deps: Awaited<ReturnType<typeof getContext>>['deps'],
  requestId: number,
  name = 'Records.pdf',
) {
  const key = await storeObject(deps, `provider-records/test-${randomUUID()}.pdf`);
  return createFile(deps.db, requestId, { name, url: key, contentType: 'application/pdf' });
}

describe('POST /getFileUrl/ for request files', () => {
  it('gives a link to the firm, its staff and internal staff; 404 to another firm and unclaimed internal users', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const file = await recordsFile(deps, firm.request.id);
    const { otherFirm, internalUser, internalStaff, internalAdmin } = await callers(deps);
    for (const caller of [firm.paralegal, firm.staff, internalStaff, internalAdmin]) {
      const url = await linkFor(app, caller.headers, file.url);
      expect(url).toMatch(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/Records\.pdf$/);
    }
    const colleague = await signedIn(deps, { companyId: firm.company.id });
    for (const caller of [otherFirm, internalUser, colleague]) {
      expect((await fileUrl(app, caller.headers, file.url)).statusCode).toBe(404);
    }
    expect((await fileUrl(app, firm.paralegal.headers, file.url, file.id)).statusCode).toBe(200);
    expect((await fileUrl(app, firm.paralegal.headers, file.url, file.id + 100_000)).statusCode).toBe(404);
    expect((await fileUrl(app, otherFirm.headers, file.url, file.id)).statusCode).toBe(404);
    expect((await fileUrl(app, firm.paralegal.headers, 'provider-records/never-stored.pdf')).statusCode).toBe(
      404,
    );
    expect((await fileUrl(app, firm.paralegal.headers, '../secret')).statusCode).toBe(404);
  });
});

describe('POST /getFileUrl/ for forms', () => {
  it('reaches the caller’s own upload but not a colleague’s', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const res = await upload(app, firm.paralegal.headers, { bucket: 'hipaa-forms', filename: 'consent.pdf' });
    const key = res.json().uploaded_files[0].url;
    expect(await linkFor(app, firm.paralegal.headers, key)).toMatch(/\/consent\.pdf$/);
    expect((await fileUrl(app, firm.staff.headers, key)).statusCode).toBe(404);
  });

  it('follows the client, request, provider and company form rules', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { otherFirm, internalStaff } = await callers(deps);
    const hipaa = await storeObject(deps, `hipaa-forms/${randomUUID()}.pdf`);
    const intake = await storeObject(deps, `supporting-documents/${randomUUID()}.pdf`);
    const providerForm = await storeObject(deps, `provider-forms/${randomUUID()}.pdf`);
    const release = await storeObject(deps, `company-forms/${randomUUID()}.pdf`);
    await deps.db.update(patients).set({ hipaaConsentUrl: hipaa }).where(eq(patients.id, firm.patient.id));
    await deps.db.update(requests).set({ intakeFormUrl: intake }).where(eq(requests.id, firm.request.id));
    await createProvider(deps.db, { medicalRequestUrl: providerForm });
    await deps.db.update(companies).set({ releaseFormUrl: release }).where(eq(companies.id, firm.company.id));

    const colleague = await signedIn(deps, { companyId: firm.company.id });
    const cases: [string, { headers: Record<string, string> }, number][] = [
      [hipaa, firm.paralegal, 200],
      [hipaa, colleague, 200], // clients are visible to the whole firm
      [hipaa, otherFirm, 404],
      [intake, firm.paralegal, 200],
      [intake, colleague, 404], // requests only to the people on them
      [intake, internalStaff, 200],
      [providerForm, otherFirm, 200],
      [release, colleague, 200],
      [release, internalStaff, 200],
      [release, otherFirm, 404],
    ];
    for (const [key, caller, status] of cases) {
      expect((await fileUrl(app, caller.headers, key)).statusCode, key).toBe(status);
    }
  });
});

describe('POST /getFileUrl/ against borrowed keys', () => {
  it('refuses another firm’s document as a client’s, request’s or provider’s form, so it stays unreadable', async () => {
    const { app, deps } = await getContext();
    const victim = await firmWithRequest(deps);
    const secret = await recordsFile(deps, victim.request.id);
    const attacker = await firmWithRequest(deps);
    const order = {
      patient: attacker.patient.id,
      provider: [attacker.request.providerId],
      user: attacker.paralegal.user.id,
      start_date: '2021-01-01',
      end_date: '2021-12-31',
      request_type: ['Medical Records'],
    };
    const writes: [string, object, string][] = [
      [
        '/api/home/patient/',
        clientBody(attacker.staff, { hipaa_consent_url: secret.url }),
        'hipaa_consent_url',
      ],
      ['/api/home/request/', { ...order, intake_form_url: secret.url }, 'intake_form_url'],
      [
        `/api/home/request/${attacker.request.id}/`,
        { ...order, hipaa_consent_url: secret.url },
        'hipaa_consent_url',
      ],
      [
        '/api/home/provider/',
        { name: `Clinic ${randomUUID()}`, medical_request_url: secret.url },
        'medical_request_url',
      ],
    ];
    for (const [url, payload, field] of writes) {
      const res = await app.inject({ method: 'POST', url, headers: attacker.staff.headers, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ [field]: FILE_MSG.foreignFormLink });
    }
    for (const caller of [attacker.paralegal, attacker.staff]) {
      expect((await fileUrl(app, caller.headers, secret.url)).statusCode).toBe(404);
    }
    expect((await fileUrl(app, victim.paralegal.headers, secret.url)).statusCode).toBe(200);
  });
});

describe('GET /files/<token>/<name>', () => {
  it('streams the bytes as an attachment, logs the download and marks the firm’s first download', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const file = await recordsFile(deps, firm.request.id, 'Récords “2024”.pdf');
    const link = await linkFor(app, firm.paralegal.headers, file.url);
    const res = await app.inject({ url: link, remoteAddress: '203.0.113.50' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_cords _2024_.pdf"; filename*=UTF-8''R%C3%A9cords%20%E2%80%9C2024%E2%80%9D.pdf`,
    );
    const log = await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id));
    expect(log).toMatchObject([{ action: 'DOWNLOAD', userId: firm.paralegal.user.id, ip: '203.0.113.50' }]);
    const [after] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(after.firstDownloadedAt).toBeInstanceOf(Date);

    // A second download keeps the first date.
    await app.inject({ url: await linkFor(app, firm.staff.headers, file.url) });
    const [again] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(again.firstDownloadedAt).toEqual(after.firstDownloadedAt);
  });

  it('logs internal staff downloads without counting them as the firm’s', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const file = await recordsFile(deps, firm.request.id);
    const res = await app.inject({ url: await linkFor(app, internalStaff.headers, file.url) });
    expect(res.statusCode).toBe(200);
    const log = await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id));
    expect(log).toMatchObject([{ action: 'DOWNLOAD', userId: internalStaff.user.id }]);
    const [after] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(after.firstDownloadedAt).toBeNull();
    const detail = await app.inject({
      method: 'POST',
      url: `/api/home/file/${file.id}/`,
      headers: internalStaff.headers,
      payload: { archived: false },
    });
    expect(detail.json().downloaded).toBe(false);
  });

  it('does not count the firm downloading its own supporting document as receiving the records', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const key = await storeObject(deps, `supporting-documents/${randomUUID()}.pdf`);
    const file = await createFile(deps.db, firm.request.id, { url: key, supportingFile: true });
    expect((await app.inject({ url: await linkFor(app, firm.paralegal.headers, file.url) })).statusCode).toBe(
      200,
    );
    const [after] = await deps.db.select().from(requests).where(eq(requests.id, firm.request.id));
    expect(after.firstDownloadedAt).toBeNull();
  });

  it('answers 403 with a clear message to a forged, altered, expired or wrong-kind token', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const file = await recordsFile(deps, firm.request.id);
    const link = await linkFor(app, firm.paralegal.headers, file.url);
    const [, , token] = link.split('/');
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherFile = Buffer.from(JSON.stringify({ ...payload, k: 'provider-records/other.pdf' })).toString(
      'base64url',
    );
    const secret = deps.tokens.jwtSecret;
    const base = { p: 'f' as const, k: file.url, f: file.id, n: 'x.pdf', u: firm.paralegal.user.id };
    const bad = [
      `${otherFile}.${mac}`,
      `${body}.${mac.slice(0, -2)}AA`,
      signDownloadToken(base, 'another-secret-another-secret-another', 5),
      signDownloadToken(base, secret, 5, Date.now() - 6 * 60_000),
      signDownloadToken({ p: 'z', c: firm.patient.id, u: firm.paralegal.user.id }, secret, 5),
      'not-a-token-at-all',
    ];
    expect((await app.inject({ method: 'HEAD', url: link })).statusCode).toBe(404);
    for (const t of bad) {
      const res = await app.inject({ url: `/files/${t}/x.pdf` });
      expect(res.statusCode, t).toBe(403);
      expect(res.json().error).toBe(FILE_MSG.linkExpired);
    }
    expect(await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id))).toEqual([]);
  });

  it('re-checks visibility at download time', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const file = await recordsFile(deps, firm.request.id);
    const link = await linkFor(app, firm.paralegal.headers, file.url);
    const newContact = await signedIn(deps, { companyId: firm.company.id });
    await deps.db
      .update(requests)
      .set({ userId: newContact.user.id, requesterId: newContact.user.id })
      .where(eq(requests.id, firm.request.id));
    expect((await app.inject({ url: link })).statusCode).toBe(404);
  });
});
