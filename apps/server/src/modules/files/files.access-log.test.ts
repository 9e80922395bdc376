import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callers, createFile, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { storeObject } from './files.test-utils';

/**
 * Who opened which file: the request detail carries each file's download history under the spec's
 * `related=files__file_accesses(,files__file_accesses__user)`, for internal staff and the firm's own users.
 */
type Ctx = Awaited<ReturnType<typeof getContext>>;
type Headers = Record<string, string>;

async function download(app: Ctx['app'], headers: Headers, key: string, ip: string): Promise<void> {
  const link = await app.inject({ method: 'POST', url: '/getFileUrl/', headers, payload: { url: key } });
  expect(link.statusCode, link.body).toBe(200);
  const res = await app.inject({ url: link.json().url, headers, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
}

const WITH_USERS = '?related=files,files__file_accesses,files__file_accesses__user';

async function detailFiles(app: Ctx['app'], headers: Headers, id: number, query = WITH_USERS) {
  const res = await app.inject({ url: `/api/home/request/${id}/${query}`, headers });
  return { status: res.statusCode, files: res.statusCode === 200 ? res.json().files : undefined };
}

async function downloadedTwice() {
  const { app, deps } = await getContext();
  const firm = await firmWithRequest(deps);
  const key = await storeObject(deps, `provider-records/test-${randomUUID()}.pdf`);
  const file = await createFile(deps.db, firm.request.id, { name: 'Records.pdf', url: key });
  const who = await callers(deps);
  await download(app, who.internalStaff.headers, key, '10.0.0.7');
  await download(app, firm.paralegal.headers, key, '203.0.113.9');
  return { app, firm, file, who };
}

describe('file download history on the request detail', () => {
  it('shows internal staff every download, newest first, with who, when and from which address', async () => {
    const { app, firm, who } = await downloadedTwice();
    const { status, files } = await detailFiles(app, who.internalStaff.headers, firm.request.id);
    expect(status).toBe(200);
    expect(files[0].file_accesses).toMatchObject([
      {
        action: 'DOWNLOAD',
        ip: '203.0.113.9',
        user: { id: firm.paralegal.user.id, full_name: firm.paralegal.user.fullName, direct_docs: false },
      },
      {
        action: 'DOWNLOAD',
        ip: '10.0.0.7',
        user: { id: who.internalStaff.user.id, direct_docs: true },
      },
    ]);
    expect(Number.isNaN(Date.parse(files[0].file_accesses[0].created_at))).toBe(false);
  });

  it("shows the firm's own users their file's history; Direct Docs addresses stay internal", async () => {
    const { app, firm, who } = await downloadedTwice();
    for (const caller of [firm.paralegal, firm.staff]) {
      const { status, files } = await detailFiles(app, caller.headers, firm.request.id);
      expect(status).toBe(200);
      expect(files[0].file_accesses).toMatchObject([
        { ip: '203.0.113.9', user: { id: firm.paralegal.user.id } },
        { ip: null, user: { id: who.internalStaff.user.id, direct_docs: true } },
      ]);
    }
  });

  it('gives another firm nothing: the request is 404', async () => {
    const { app, firm, who } = await downloadedTwice();
    expect((await detailFiles(app, who.otherFirm.headers, firm.request.id)).status).toBe(404);
    expect((await detailFiles(app, who.firmStaff.headers, firm.request.id)).status).toBe(404);
  });

  it('names the user by id without files__file_accesses__user, and leaves the history out when not asked', async () => {
    const { app, firm } = await downloadedTwice();
    const ids = await detailFiles(app, firm.staff.headers, firm.request.id, '?related=files__file_accesses');
    expect(ids.files[0].file_accesses[0].user).toBe(firm.paralegal.user.id);
    const plain = await detailFiles(app, firm.staff.headers, firm.request.id, '');
    expect(plain.files[0]).not.toHaveProperty('file_accesses');
  });
});
