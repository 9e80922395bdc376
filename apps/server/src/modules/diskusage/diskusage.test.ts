import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatGb } from '@dd/shared';
import { lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ADMIN, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';
import { diskUsage } from '../../db/schema';
import { takeDailySnapshot, takeSnapshot } from './diskusage.service';

describe('disk usage', () => {
  it('records the data volume, the database and the stored files, and lists snapshots newest first', async () => {
    const { app, deps } = await getContext();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-disk-'));
    const filesDir = path.join(dataDir, 'files');
    mkdirSync(path.join(filesDir, 'a'), { recursive: true });
    writeFileSync(path.join(filesDir, 'a', 'one.pdf'), Buffer.alloc(1500));
    writeFileSync(path.join(filesDir, 'two.pdf'), Buffer.alloc(500));
    const snap = await takeSnapshot(deps.db, { dataDir, filesDir });
    expect(snap.total).toBeGreaterThan(0);
    expect(snap.used + snap.free).toBeLessThanOrEqual(snap.total);
    expect(snap.files_bytes).toBe(2000);
    expect(snap.database_bytes).toBeGreaterThan(0);

    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const list = await app.inject({ url: '/api/home/diskusage/', headers: staff.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(snap);
    const firm = await signedIn(deps, { isStaff: true });
    expect((await app.inject({ url: '/api/home/diskusage/', headers: firm.headers })).statusCode).toBe(403);
    expect(formatGb(1_234_567_890)).toBe('1.23');
  });

  it('takes at most one daily snapshot a day, whichever instance asks', async () => {
    const { deps } = await getContext();
    // A day of its own, long past, so snapshots other test files take now do not count.
    const day = new Date(Date.UTC(1990, 0, 1 + Math.floor(Math.random() * 3000) * 3));
    const paths = { dataDir: tmpdir(), filesDir: null };
    const taken = await Promise.all([
      takeDailySnapshot(deps.db, paths, day),
      takeDailySnapshot(deps.db, paths, day),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const later = new Date(day.getTime() + 6 * 3_600_000);
    expect(await takeDailySnapshot(deps.db, paths, later)).toBe(false);
    const nextDay = new Date(day.getTime() + 25 * 3_600_000);
    expect(await takeDailySnapshot(deps.db, paths, nextDay)).toBe(true);
    await deps.db.delete(diskUsage).where(lt(diskUsage.createdAt, new Date(Date.UTC(2000, 0, 1))));
  });

  it('takes a snapshot on demand for an administrator', async () => {
    const { app, deps } = await getContext();
    const admin = await signedIn(deps, INTERNAL_ADMIN);
    const res = await app.inject({ method: 'POST', url: '/api/home/diskusage/', headers: admin.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBeGreaterThan(0);
  });
});
