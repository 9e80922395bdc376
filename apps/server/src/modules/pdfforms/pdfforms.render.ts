import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PDF_FORM_INLINE_PAGES, PDF_FORM_MSG, type PdfFormKind, type PdfFormRenderJob } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { enqueueJob, type JobContext } from '../../lib/jobs';
import { StorageNotFoundError } from '../../lib/storage';
import type { RenderedPage } from './pdf-pages';
import { pdfPool } from './pdf-pool';
import {
  deleteFinishedJobs,
  formPages,
  formRowById,
  formUrlForUpdate,
  newestUnfinishedJob,
  replaceFormPages,
} from './pdfforms.queries';

/**
 * Turning a form's PDF into page images (decision 029): a short PDF before the call answers, a long one
 * by the background job queue (decision 034), whose progress the form's detail carries. Either way an
 * unreadable or password-protected PDF is refused before anything changes.
 */
export const RENDER_JOB = 'pdfform.render';
const renderKey = (formId: number) => `${RENDER_JOB}:${formId}`;

export const BUCKET: Record<PdfFormKind, 'company-forms' | 'provider-forms'> = {
  company: 'company-forms',
  provider: 'provider-forms',
};

/** A form's stored PDF; a key with nothing stored under it is the caller's to fix (a 400), not ours. */
export async function readStored(deps: AppDeps, key: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await buffer(await deps.storage.get(key)));
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw badRequest(PDF_FORM_MSG.notStored, { url: PDF_FORM_MSG.notStored });
    throw error;
  }
}

/** Stored objects no row points at any more; a failure leaves an orphan object, never a broken row. */
export async function removeObjects(deps: AppDeps, keys: string[]) {
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
}

type StoredPage = Omit<RenderedPage, 'jpeg'> & { key: string };

async function storeRendered(
  deps: AppDeps,
  kind: PdfFormKind,
  rendered: RenderedPage[],
): Promise<StoredPage[]> {
  return Promise.all(
    rendered.map(async ({ jpeg, ...page }) => {
      const key = `${BUCKET[kind]}/pages/${randomUUID()}-page-${page.pageNumber}.jpg`;
      const bytes = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
      await deps.storage.put(key, Readable.from([bytes]), { contentType: 'image/jpeg' });
      return { ...page, key };
    }),
  );
}

/**
 * What a save does with a PDF's pages: the stored images of a short PDF, or a note that the queue will
 * render it. Throws the PDF's refusal before anything is written.
 */
export type PagePlan = { inline: StoredPage[] } | { background: true };

export async function planPages(deps: AppDeps, kind: PdfFormKind, pdfKey: string): Promise<PagePlan> {
  const bytes = await readStored(deps, pdfKey);
  const { pages } = await pdfPool().render(bytes, { inlineUpTo: PDF_FORM_INLINE_PAGES });
  if (!pages) return { background: true };
  return { inline: await storeRendered(deps, kind, pages) };
}

/** Writes a plan in the caller's transaction: the pages themselves, or the queued job. */
export async function applyPlan(tx: DbOrTx, formId: number, plan: PagePlan) {
  // An earlier rendering's outcome no longer describes the form's pages.
  await deleteFinishedJobs(tx, renderKey(formId));
  if ('inline' in plan) await replaceFormPages(tx, formId, plan.inline);
  else await enqueueJob(tx, { kind: RENDER_JOB, key: renderKey(formId), payload: { formId } });
}

/** The images a plan stored, removed when its transaction did not commit. */
export const plannedKeys = (plan: PagePlan) => ('inline' in plan ? plan.inline.map((p) => p.key) : []);

/**
 * The queue's handler: renders the form's current PDF with progress, then swaps the pages in. A PDF
 * replaced while it rendered is rendered again; a form deleted meanwhile leaves nothing behind.
 */
export function renderJobHandler(deps: AppDeps) {
  return async (payload: Record<string, unknown>, context: JobContext) => {
    const formId = Number(payload.formId);
    for (;;) {
      const form = await formRowById(deps.db, formId);
      if (!form) return;
      const { pages: rendered } = await pdfPool().render(await readStored(deps, form.url), {
        onPage: context.progress,
      });
      const pages = await storeRendered(deps, form.kind, rendered ?? []);
      const before = (await formPages(deps.db, formId)).map((p) => p.imageUrl);
      const swapped = await deps.db.transaction(async (tx) => {
        const current = await formUrlForUpdate(tx, formId);
        if (current?.url !== form.url) return false;
        await replaceFormPages(tx, formId, pages);
        return true;
      });
      if (swapped) {
        await removeObjects(deps, before);
        return;
      }
      await removeObjects(
        deps,
        pages.map((p) => p.key),
      );
    }
  };
}

/** The form's newest rendering job, shown while it is queued or running, or when it failed. */
export async function renderJobOf(db: DbOrTx, formId: number): Promise<PdfFormRenderJob | null> {
  const job = await newestUnfinishedJob(db, renderKey(formId));
  if (!job) return null;
  return {
    id: job.id,
    status: job.status as PdfFormRenderJob['status'],
    pages_done: job.progressDone,
    pages_total: job.progressTotal,
    error: job.lastError,
  };
}
