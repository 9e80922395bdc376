import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BATES_MSG, RECORDS_PACKAGE_MSG } from '@dd/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { callers, createRequest, firmWithRequest } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import type { App, AppDeps } from '../../app-types';
import { batesCounters, patients } from '../../db/schema';
import { stampDelivered } from './package.deliver';
import { deliverable, encrypted, recordsPdf, wordsOnPage } from './package.test-utils';

/**
 * The records package: Bates numbers stamped at delivery (lower right of the page as seen, whatever its
 * rotation or crop box), continuous per client across deliveries, and the ZIP a firm downloads, whose
 * SHA256SUMS passes `sha256sum -c` once unpacked.
 */
type Headers = Record<string, string>;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const work = mkdtempSync(path.join(tmpdir(), 'dd-package-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const send = (app: App, headers: Headers, id: number) =>
  app.inject({ method: 'POST', url: `/api/home/request/${id}/send_to_lawyer/`, headers, payload: {} });

const stamp = (deps: AppDeps, requestId: number) =>
  stampDelivered({ db: deps.db, storage: deps.storage, dataDir: deps.config.dataDir }, requestId);

async function filesOf(app: App, headers: Headers, id: number) {
  const res = await app.inject({ url: `/api/home/request/${id}/`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().files as {
    id: number;
    name: string;
    bates_start: string | null;
    bates_end: string | null;
  }[];
}

async function unpack(app: App, headers: Headers, id: number): Promise<string> {
  const res = await app.inject({ url: `/api/home/request/${id}/package/`, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const dir = mkdtempSync(path.join(work, 'unzipped-'));
  writeFileSync(path.join(dir, 'package.zip'), res.rawPayload);
  execFileSync('unzip', ['-q', 'package.zip', '-d', 'out'], { cwd: dir });
  return path.join(dir, 'out');
}

async function deliveredTwoFiles(prefix: string | null = 'DOE') {
  const { app, deps } = await getContext();
  const firm = await firmWithRequest(deps);
  if (prefix)
    await deps.db.update(patients).set({ batesPrefix: prefix }).where(eq(patients.id, firm.patient.id));
  const { internalStaff } = await callers(deps);
  const staffId = Number(internalStaff.user.id);
  const plain = await recordsPdf('Clinic notes', [{}, { rotate: 90 }]);
  const turned = await recordsPdf('Imaging', [
    { rotate: 180, crop: [50, 60, 400, 500] },
    { rotate: 270 },
    { crop: [100, 100, 300, 300] },
  ]);
  const a = await deliverable(
    app,
    internalStaff.headers,
    staffId,
    firm.request.id,
    plain,
    'Clinic notes.pdf',
  );
  const b = await deliverable(app, internalStaff.headers, staffId, firm.request.id, turned, 'Imaging.pdf');
  return { app, deps, firm, internalStaff, staffId, a, b, originals: [plain, turned] };
}

describe('records package', () => {
  it('numbers each delivered PDF on, stamps copies readable by pdftotext, and the ZIP checks out', async () => {
    const { app, deps, firm, internalStaff, a, b, originals } = await deliveredTwoFiles();
    const sent = await send(app, internalStaff.headers, firm.request.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const early = await app.inject({
      url: `/api/home/request/${firm.request.id}/package/`,
      headers: firm.paralegal.headers,
    });
    expect([early.statusCode, early.json().error]).toEqual([409, RECORDS_PACKAGE_MSG.preparing]);
    expect(await stamp(deps, firm.request.id)).toBe(2);

    const listed = await filesOf(app, firm.paralegal.headers, firm.request.id);
    expect(listed.map((f) => [f.name, f.bates_start, f.bates_end])).toEqual([
      ['Clinic notes.pdf', 'DOE0000001', 'DOE0000002'],
      ['Imaging.pdf', 'DOE0000003', 'DOE0000005'],
    ]);

    const out = await unpack(app, firm.paralegal.headers, firm.request.id);
    const check = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.trim().split('\n')).toHaveLength(4);
    const stamped = readdirSync(path.join(out, 'records')).sort();
    expect(stamped).toEqual(['DOE0000001-DOE0000002 Clinic notes.pdf', 'DOE0000003-DOE0000005 Imaging.pdf']);

    // Every page carries its number, at the lower right of the page as displayed, inside the crop box.
    const pages = [
      [stamped[0], 1, 'DOE0000001', false],
      [stamped[0], 2, 'DOE0000002', true],
      [stamped[1], 1, 'DOE0000003', false],
      [stamped[1], 2, 'DOE0000004', true],
      [stamped[1], 3, 'DOE0000005', false],
    ] as const;
    for (const [file, page, label, turned] of pages) {
      const { width, height, words } = wordsOnPage(path.join(out, 'records', file), page, turned);
      const word = words.find((w) => w.text === label);
      expect(word, `${label} on ${file} page ${page}: ${JSON.stringify(words)}`).toBeDefined();
      expect(word!.xMin).toBeGreaterThan(width / 2);
      expect(word!.yMin).toBeGreaterThan(height / 2);
      expect(word!.xMax).toBeLessThanOrEqual(width);
      expect(word!.yMax).toBeLessThanOrEqual(height);
      // Upright for the reader: wider than tall.
      expect(word!.xMax - word!.xMin).toBeGreaterThan(word!.yMax - word!.yMin);
    }
    const text = execFileSync('pdftotext', [path.join(out, 'records', stamped[1]), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Imaging page 2');

    const csv = readFileSync(path.join(out, 'index.csv'), 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe('BegBates,EndBates,Pages,Provider,Dates of Service,File Name,SHA-256');
    expect(csv[1]).toMatch(
      /^DOE0000001,DOE0000002,2,.+,records\/DOE0000001-DOE0000002 Clinic notes\.pdf,[0-9a-f]{64}$/,
    );
    expect(csv[2].split(',').slice(0, 3)).toEqual(['DOE0000003', 'DOE0000005', '3']);
    const index = execFileSync('pdftotext', ['-layout', path.join(out, 'index.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(index).toContain('BegBates');
    expect(index).toContain('DOE0000003');

    // The originals are untouched: the stored file still hashes to what was received.
    for (const [n, file] of [a, b].entries()) {
      const link = await app.inject({
        method: 'POST',
        url: '/getFileUrl/',
        headers: firm.paralegal.headers,
        payload: { url: file.url },
      });
      const body = (await app.inject({ url: link.json().url, headers: firm.paralegal.headers })).rawPayload;
      expect(sha256(body)).toBe(sha256(originals[n]));
      expect(file.sha256).toBe(sha256(originals[n]));
    }

    // Each file in the package is on its download history.
    const detail = await app.inject({
      url: `/api/home/request/${firm.request.id}/?related=files,files__file_accesses`,
      headers: firm.paralegal.headers,
    });
    for (const file of detail.json().files)
      expect(
        file.file_accesses.filter((e: { action: string }) => e.action === 'DOWNLOAD').length,
      ).toBeGreaterThanOrEqual(1);
  });

  it('keeps numbers through a re-delivery and runs on across the client’s other requests', async () => {
    const { app, deps, firm, internalStaff, staffId } = await deliveredTwoFiles('RODRIG');
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);
    const second = await createRequest(deps.db, {
      patientId: firm.patient.id,
      companyId: firm.company.id,
      userId: firm.paralegal.user.id,
    });
    await deliverable(
      app,
      internalStaff.headers,
      staffId,
      second.id,
      await recordsPdf('Bills', [{}, {}]),
      'Bills.pdf',
    );
    expect((await send(app, internalStaff.headers, second.id)).statusCode).toBe(200);
    await deliverable(
      app,
      internalStaff.headers,
      staffId,
      firm.request.id,
      await recordsPdf('Late', [{}]),
      'Late.pdf',
    );
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);

    const first = await filesOf(app, internalStaff.headers, firm.request.id);
    expect(first.map((f) => `${f.bates_start}-${f.bates_end}`)).toEqual([
      'RODRIG0000001-RODRIG0000002',
      'RODRIG0000003-RODRIG0000005',
      'RODRIG0000008-RODRIG0000008',
    ]);
    const other = await filesOf(app, internalStaff.headers, second.id);
    expect(other.map((f) => `${f.bates_start}-${f.bates_end}`)).toEqual(['RODRIG0000006-RODRIG0000007']);
    const [counter] = await deps.db
      .select()
      .from(batesCounters)
      .where(eq(batesCounters.patientId, firm.patient.id));
    expect(counter.nextNumber).toBe(9);
  });

  it('stamps a PDF with only an owner password after qpdf opens it, and refuses one that needs a password by name', async () => {
    const { app, deps } = await getContext();
    const firm = await firmWithRequest(deps);
    const { internalStaff } = await callers(deps);
    const staffId = Number(internalStaff.user.id);
    const pdf = await recordsPdf('Locked', [{}, {}]);
    await deliverable(
      app,
      internalStaff.headers,
      staffId,
      firm.request.id,
      encrypted(pdf, ''),
      'Owner only.pdf',
    );
    const locked = await deliverable(
      app,
      internalStaff.headers,
      staffId,
      firm.request.id,
      encrypted(pdf, 'user-secret'),
      'Locked.pdf',
    );

    const refused = await send(app, internalStaff.headers, firm.request.id);
    expect([refused.statusCode, refused.json().error]).toEqual([
      400,
      RECORDS_PACKAGE_MSG.encrypted('Locked.pdf'),
    ]);
    expect(
      await deps.db.select().from(batesCounters).where(eq(batesCounters.patientId, firm.patient.id)),
    ).toEqual([]);

    await app.inject({
      method: 'POST',
      url: `/api/home/file/${locked.id}/`,
      headers: internalStaff.headers,
      payload: { archived: true },
    });
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);
    await stamp(deps, firm.request.id);
    const out = await unpack(app, firm.staff.headers, firm.request.id);
    const [file] = readdirSync(path.join(out, 'records'));
    const text = execFileSync('pdftotext', [path.join(out, 'records', file), '-'], { encoding: 'utf8' });
    expect(text).toContain('Locked page 2');
    expect(text).toMatch(/[A-Z]{2,8}0000002/);
  });

  it('is not found for another firm or a Direct Docs user who is not staff', async () => {
    const { app, deps, firm, internalStaff } = await deliveredTwoFiles();
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);
    await stamp(deps, firm.request.id);
    const who = await callers(deps);
    const url = `/api/home/request/${firm.request.id}/package/`;
    for (const caller of [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser])
      expect((await app.inject({ url, headers: caller.headers })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: who.internalStaff.headers })).statusCode).toBe(200);
  });

  it('takes the firm’s Bates prefix on the client in capitals, refuses anything but 2 to 8 letters, and stamps it', async () => {
    const { app, deps, firm, internalStaff } = await deliveredTwoFiles(null);
    const save = (bates_prefix: string) =>
      app.inject({
        method: 'POST',
        url: `/api/home/patient/${firm.patient.id}/`,
        headers: firm.paralegal.headers,
        payload: { bates_prefix },
      });
    for (const bad of ['A', 'ABCDEFGHI', 'AB1', 'AB-C']) {
      const res = await save(bad);
      expect([res.statusCode, res.json().fields?.bates_prefix]).toEqual([400, BATES_MSG.prefixFormat]);
    }
    const saved = await save(' smith ');
    expect([saved.statusCode, saved.json().bates_prefix]).toEqual([200, 'SMITH']);
    expect((await send(app, internalStaff.headers, firm.request.id)).statusCode).toBe(200);
    const listed = await filesOf(app, firm.paralegal.headers, firm.request.id);
    expect(listed.map((f) => f.bates_start)).toEqual(['SMITH0000001', 'SMITH0000003']);
    expect((await save('')).json().bates_prefix).toBeNull();
    await stamp(deps, firm.request.id);
  });
});
