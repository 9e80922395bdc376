import { FILE_MSG, MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authOf, callers, createFile, firmWithRequest, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import type { App } from '../../app-types';
import { fileAccesses, files } from '../../db/schema';
import { listRequestFiles } from './files.queries';
import { PDF, upload } from './files.test-utils';

/** POST /api/home/file/ and POST /api/home/file/{id}/ (POST /api/home/fileaccess/: files.fileaccess.test.ts). */
async function uploaded(app: App, headers: Record<string, string>, bucket = 'supporting-documents') {
  const res = await upload(app, headers, { bucket });
  expect(res.statusCode).toBe(200);
  return res.json().uploaded_files[0].url as string;
}

const attach = (app: App, headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/home/file/', headers, payload });

describe('POST /api/home/file/', () => {
  it('attaches a firm user’s upload as a supporting document, whatever the body says, and logs the upload', async () => {
    const { app, deps } = await getContext();
    const { paralegal, request } = await firmWithRequest(deps);
    const url = await uploaded(app, paralegal.headers);
    const res = await attach(
      app,
      { ...paralegal.headers, 'x-forwarded-for': '203.0.113.9' },
      {
        name: 'Signed HIPAA.pdf',
        url,
        request: request.id,
        supporting_file: false,
      },
    );
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({
      name: 'Signed HIPAA.pdf',
      url,
      request: request.id,
      supporting_file: true,
      archived: false,
      verified_by: null,
      downloaded: false,
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    expect(new Date(file.created_at).toISOString()).toBe(file.created_at);
    const log = await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id));
    // The socket address, not the X-Forwarded-For the client sent (no TRUST_PROXY in tests).
    expect(log).toMatchObject([{ action: 'UPLOAD', userId: paralegal.user.id, ip: '127.0.0.1' }]);
  });

  it('lets internal staff add medical records from the provider-records bucket only', async () => {
    const { app, deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const records = await uploaded(app, staff.headers, 'provider-records');
    const res = await attach(app, staff.headers, {
      name: 'Records.pdf',
      url: records,
      request: request.id,
      supporting_file: false,
    });
    expect(res.json()).toMatchObject({ supporting_file: false });

    const elsewhere = await uploaded(app, staff.headers, 'hipaa-forms');
    const wrong = await attach(app, staff.headers, {
      name: 'R.pdf',
      url: elsewhere,
      request: request.id,
      supporting_file: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(FILE_MSG.recordsBucket);
  });

  it('refuses someone else’s upload, a made-up key and a missing object with 400', async () => {
    const { app, deps } = await getContext();
    const { paralegal, staff, request } = await firmWithRequest(deps);
    const colleagues = await uploaded(app, staff.headers);
    for (const url of [
      colleagues,
      'provider-records/demo-10001-1.pdf',
      '../../etc/passwd',
      `supporting-documents/u${paralegal.user.id}/gone.pdf`,
    ]) {
      const res = await attach(app, paralegal.headers, {
        name: 'x.pdf',
        url,
        request: request.id,
        supporting_file: true,
      });
      expect(res.statusCode, url).toBe(400);
    }
    const missing = await attach(app, paralegal.headers, {
      name: 'x.pdf',
      url: `supporting-documents/u${paralegal.user.id}/gone.pdf`,
      request: request.id,
    });
    expect(missing.json().error).toBe(FILE_MSG.uploadMissing);
    const theirs = await attach(app, paralegal.headers, {
      name: 'x.pdf',
      url: colleagues,
      request: request.id,
    });
    expect(theirs.json().error).toBe(FILE_MSG.notYourUpload);
  });

  it('answers 404 for another firm’s request and for a request the user is not on', async () => {
    const { app, deps } = await getContext();
    const { request } = await firmWithRequest(deps);
    const other = await signedIn(deps);
    const url = await uploaded(app, other.headers);
    const res = await attach(app, other.headers, {
      name: 'x.pdf',
      url,
      request: request.id,
      supporting_file: true,
    });
    expect(res.statusCode).toBe(404);

    const colleague = await signedIn(deps, { companyId: request.companyId });
    const own = await uploaded(app, colleague.headers);
    const notOnIt = await attach(app, colleague.headers, { name: 'x.pdf', url: own, request: request.id });
    expect(notOnIt.statusCode).toBe(404);
  });

  it('requires a name', async () => {
    const { app, deps } = await getContext();
    const { paralegal, request } = await firmWithRequest(deps);
    const url = await uploaded(app, paralegal.headers);
    const res = await attach(app, paralegal.headers, { name: '  ', url, request: request.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('name');
  });
});

describe('POST /api/home/file/{id}/', () => {
  const update = (app: App, headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/home/file/${id}/`, headers, payload });

  it('verifies as the caller and un-verifies; verifying as someone else is refused', async () => {
    const { app, deps } = await getContext();
    const { paralegal, staff, request } = await firmWithRequest(deps);
    const file = await createFile(deps.db, request.id);
    const res = await update(app, paralegal.headers, file.id, { verified_by: paralegal.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().verified_by).toEqual({ id: paralegal.user.id, full_name: paralegal.user.fullName });

    const asOther = await update(app, paralegal.headers, file.id, { verified_by: staff.user.id });
    expect(asOther.statusCode).toBe(400);
    expect(asOther.json().error).toBe(FILE_MSG.verifyAsYourself);

    const undo = await update(app, paralegal.headers, file.id, { verified_by: null });
    expect(undo.json().verified_by).toBeNull();
  });

  it('keeps a staff verification from being undone by the firm, but staff may change it', async () => {
    const { app, deps } = await getContext();
    const { paralegal, request } = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const file = await createFile(deps.db, request.id, { verifiedById: internalStaff.user.id });
    const res = await update(app, paralegal.headers, file.id, { verified_by: null });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(FILE_MSG.verifiedBySomeoneElse);
    const own = await createFile(deps.db, request.id, { verifiedById: paralegal.user.id });
    expect((await update(app, internalStaff.headers, own.id, { verified_by: null })).statusCode).toBe(200);
  });

  it('lets only internal staff archive (remove) and restore a file', async () => {
    const { app, deps } = await getContext();
    const { paralegal, staff, request } = await firmWithRequest(deps);
    const { internalStaff, internalUser } = await callers(deps);
    const file = await createFile(deps.db, request.id);
    for (const caller of [paralegal, staff]) {
      const res = await update(app, caller.headers, file.id, { archived: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.notAllowed);
    }
    // An internal user who has not claimed the request cannot see it at all.
    expect((await update(app, internalUser.headers, file.id, { archived: true })).statusCode).toBe(404);
    expect((await update(app, internalStaff.headers, file.id, { archived: true })).json().archived).toBe(
      true,
    );
    expect((await update(app, internalStaff.headers, file.id, { archived: false })).json().archived).toBe(
      false,
    );
  });

  it('answers 404 to another firm and 400 to an empty change', async () => {
    const { app, deps } = await getContext();
    const { paralegal, request } = await firmWithRequest(deps);
    const file = await createFile(deps.db, request.id);
    const other = await signedIn(deps);
    expect((await update(app, other.headers, file.id, { verified_by: other.user.id })).statusCode).toBe(404);
    const empty = await update(app, paralegal.headers, file.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(FILE_MSG.nothingToChange);
  });
});

describe('listRequestFiles', () => {
  it('returns every file with its verifier and the firm-download flag in one query', async () => {
    const { deps } = await getContext();
    const { paralegal, request } = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const a = await createFile(deps.db, request.id, { name: 'a.pdf', verifiedById: paralegal.user.id });
    const b = await createFile(deps.db, request.id, { name: 'b.pdf', archived: true });
    await deps.db.insert(fileAccesses).values([
      { action: 'DOWNLOAD', fileId: b.id, companyId: b.companyId, userId: internalStaff.user.id },
      { action: 'UPLOAD', fileId: a.id, companyId: a.companyId, userId: paralegal.user.id },
    ]);
    const list = await listRequestFiles(
      deps.db,
      authOf(internalStaff.user, { isInternal: true }),
      request.id,
    );
    expect(list.map((f) => [f.name, f.archived, f.verified_by?.id ?? null, f.downloaded])).toEqual([
      ['a.pdf', false, paralegal.user.id, false],
      ['b.pdf', true, null, false],
    ]);
    expect(list.map((f) => f.abilities)).toEqual([
      { can_change_verification: true, can_archive: true },
      { can_change_verification: true, can_archive: true },
    ]);
    const asOther = await listRequestFiles(deps.db, authOf({ ...paralegal.user, id: -1 }), request.id);
    expect(asOther.map((f) => f.abilities.can_change_verification)).toEqual([false, true]);
    expect(await deps.db.select().from(files).where(eq(files.requestId, request.id))).toHaveLength(2);
  });
});
