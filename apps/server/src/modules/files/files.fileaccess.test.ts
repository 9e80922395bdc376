import { FILE_ACCESS_NOT_RECORDED } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFile, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { fileAccesses, requests } from '../../db/schema';

/**
 * The HIPAA file-access log holds only transfers the server performed. The spec's
 * POST /api/home/fileaccess/ still answers (a client written from the spec keeps working) but writes nothing.
 */
describe('POST /api/home/fileaccess/', () => {
  it('writes no audit row and does not mark the first download, whatever the body claims', async () => {
    const { app, deps } = await getContext();
    const { paralegal, staff, request } = await firmWithRequest(deps);
    const file = await createFile(deps.db, request.id);
    for (const payload of [
      { action: 'DOWNLOAD', file: file.id, ip: '1.2.3.4', user: staff.user.id },
      { action: 'UPLOAD', file: file.id },
      { action: 'DOWNLOAD', file: file.id },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/home/fileaccess/',
        headers: paralegal.headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ recorded: false, detail: FILE_ACCESS_NOT_RECORDED });
    }
    expect(await deps.db.select().from(fileAccesses).where(eq(fileAccesses.fileId, file.id))).toEqual([]);
    const [row] = await deps.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row.firstDownloadedAt).toBeNull();
  });

  it('still checks the body and the caller: 400 for a bad body, 401 without a session', async () => {
    const { app, deps } = await getContext();
    const { paralegal } = await firmWithRequest(deps);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/home/fileaccess/',
      headers: paralegal.headers,
      payload: { action: 'DELETE', file: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/home/fileaccess/',
      payload: { action: 'DOWNLOAD', file: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
