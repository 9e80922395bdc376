import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF_FORM_LIMITS, PDF_FORM_MSG } from '@dd/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider, uploadKey } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { pdfForms } from '../../db/schema';
import { get, internalStaff, post } from '../requests/requests.staff-fixtures';
import { createPdfPool, DEFAULT_PDF_LIMITS, setPdfPoolLimits } from './pdf-pool';
import { hostilePdfs } from './pdfforms.hostile-pdfs';
import { formPdf, uploadedFormPdf } from './pdfforms.test-utils';

/**
 * PDF work cannot stall the server: pages are rendered and forms filled in worker threads with limits,
 * so a hostile PDF is refused with why while every other call is answered, and a broken one is a 400.
 */

async function staffWithProvider() {
  const { deps } = await getContext();
  const staff = await internalStaff();
  const provider = await createProvider(deps.db, { name: `Mercy Limits ${Date.now()}` });
  const create = async (bytes: Uint8Array | Promise<Uint8Array>, url?: string) =>
    post('/api/home/pdfform/', staff.headers, {
      name: 'Mercy release',
      url: url ?? (await uploadedFormPdf(deps, staff.user.id, await bytes)),
      provider: provider.id,
    });
  return { deps, staff, provider, create };
}

/** The provider's forms (other test files save forms at the same time). */
const formCount = async (providerId: number) => {
  const { deps } = await getContext();
  return (await deps.db.select({ n: count() }).from(pdfForms).where(eq(pdfForms.providerId, providerId)))[0]
    .n;
};

// A hostile PDF is stopped after a few seconds here, not the server's half a minute.
beforeAll(() => setPdfPoolLimits({ baseMs: 3_000, perPageMs: 100 }));
afterAll(() => setPdfPoolLimits());

describe('PDF work', () => {
  it('happens outside the server’s thread: no server code but the PDF worker loads pdfjs or pdf-lib’s filling', () => {
    const pdfOnly = /(pdf-pages|pdf-fill|pdf-flatten|pdf-worker|pdfjs-dist[^']*)'/;
    const src = fileURLToPath(new URL('../../', import.meta.url));
    const loaders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !/test|\.d\.ts$/.test(file))
      .filter((file) =>
        readFileSync(join(src, file), 'utf8')
          .split('\n')
          .some((line) => /^import (?!type )/.test(line) && pdfOnly.test(line)),
      )
      .map((file) => file.replaceAll('\\', '/'));
    expect(loaders.sort()).toEqual(['modules/pdfforms/pdf-fill.ts', 'modules/pdfforms/pdf-worker.ts']);
  });

  it('refuses hostile PDFs with why, saves nothing, and keeps answering other calls meanwhile', async () => {
    const s = await staffWithProvider();
    const uploads = [
      s.create(hostilePdfs.hugePage()),
      s.create(hostilePdfs.bomb(300)),
      s.create(hostilePdfs.manyPages(PDF_FORM_LIMITS.maxPages + 1)),
    ];
    let settled = false;
    const answers = Promise.all(uploads).finally(() => {
      settled = true;
    });
    const ready = await get('/readyz', {});
    const answeredWhileBusy = !settled;
    const staffList = await get('/api/home/request/?limit=20', s.staff.headers);
    expect(ready.statusCode).toBe(200);
    expect(staffList.statusCode, staffList.body).toBe(200);
    // The inflating stream takes its worker its whole time budget: the server answered before that.
    expect(answeredWhileBusy).toBe(true);

    const [huge, bomb, many] = await answers;
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe(PDF_FORM_MSG.pageTooLarge(1, 7200, 7200));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error).toBe(PDF_FORM_MSG.tooSlow(3));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe(PDF_FORM_MSG.tooManyPages(PDF_FORM_LIMITS.maxPages + 1));
    expect(await formCount(s.provider.id)).toBe(0);
  });

  it('answers a broken PDF or a missing upload with a 400 and a message, never a 500', async () => {
    const s = await staffWithProvider();
    for (const broken of [hostilePdfs.loopedPageTree(), hostilePdfs.truncated()]) {
      const res = await s.create(broken);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(PDF_FORM_MSG.unreadable);
    }
    const missing = await s.create(formPdf(1), uploadKey(s.staff.user.id, 'provider-forms', 'gone.pdf'));
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().error).toBe(PDF_FORM_MSG.notStored);
    expect(await formCount(s.provider.id)).toBe(0);
  });

  it('stops a job over its memory cap with why, and the next job gets a fresh worker', async () => {
    const pool = createPdfPool({ ...DEFAULT_PDF_LIMITS, workers: 1, memoryMb: 8 });
    try {
      await expect(pool.render(await formPdf(1))).rejects.toMatchObject({
        statusCode: 400,
        message: PDF_FORM_MSG.tooMuchMemory(8),
      });
    } finally {
      await pool.close();
    }
    const roomy = createPdfPool({ ...DEFAULT_PDF_LIMITS, workers: 1, baseMs: 1_000, perPageMs: 0 });
    try {
      await expect(roomy.render(hostilePdfs.bomb(300))).rejects.toMatchObject({
        message: PDF_FORM_MSG.tooSlow(1),
      });
      const next = await roomy.render(await formPdf(1));
      expect(next).toMatchObject({ pageCount: 1, pages: [{ pageNumber: 1, width: 612, height: 792 }] });
    } finally {
      await roomy.close();
    }
  });

  it('gives a job arriving as an idle worker ends a live worker, not the ending one', async () => {
    const idleMs = 30;
    const pool = createPdfPool({ ...DEFAULT_PDF_LIMITS, workers: 1, idleMs });
    try {
      const bytes = await formPdf(1);
      await pool.inspect(bytes);
      // Just after the idle worker was told to end, before it has: the next job must not go to it.
      await new Promise((resolve) => setTimeout(resolve, idleMs + 1));
      await expect(pool.inspect(bytes)).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      await pool.close();
    }
  });
});
