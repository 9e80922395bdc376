import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { enqueueJob, type JobContext } from '../../lib/jobs';
import { type RecordsDeps, readablePdf } from '../recordspackage/package.unlock';
import { extractPages } from './search.extract';
import {
  filesNeverIndexed,
  indexableFileById,
  replaceFilePages,
  upsertRecordIndexing,
} from './search.index.queries';

/**
 * Indexing received records for search (decision 060): one job per received PDF, queued when the file is
 * attached, reads its text page by page (OCR for scanned pages) and replaces the file's pages in
 * `record_pages`; `record_indexing` says it is done (or why it could not be). A recurring chore queues
 * the files that have neither (stored before search existed, or copied by a split).
 */
export const INDEX_JOB = 'records.index';
export const INDEX_BACKFILL_JOB = 'records.index-backfill';
const BACKFILL_BATCH = 500;

const jobKey = (fileId: number) => `${INDEX_JOB}:${fileId}`;

/** Queues the indexing of a newly attached file, in the caller's transaction; other files are left alone. */
export async function queueRecordIndexing(
  db: DbOrTx,
  file: { id: number; contentType: string | null; supportingFile: boolean },
): Promise<void> {
  if (file.contentType !== 'application/pdf' || file.supportingFile) return;
  await enqueueJob(db, { kind: INDEX_JOB, key: jobKey(file.id), payload: { fileId: file.id } });
}

/** The job: the file's text, page by page, in place of what was indexed for it before. */
export async function indexRecordFile(
  deps: RecordsDeps & { db: Db },
  fileId: number,
  context?: JobContext,
): Promise<void> {
  const file = await indexableFileById(deps.db, fileId);
  if (!file) return;
  let pdf: Awaited<ReturnType<typeof readablePdf>>;
  try {
    pdf = await readablePdf(deps, file);
  } catch (error) {
    // A PDF that cannot be read (or opened without a password) is left out of search, saying why.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await upsertRecordIndexing(deps.db, {
      fileId,
      requestId: file.requestId,
      companyId: file.companyId,
      status: 'failed',
      error: error.message,
    });
    return;
  }
  const pages = await extractPages(pdf.bytes, pdf.pageCount, deps.dataDir, (done, total) =>
    context ? context.progress(done, total) : Promise.resolve(),
  );
  await deps.db.transaction(async (tx) => {
    await replaceFilePages(tx, file, pages);
    await upsertRecordIndexing(tx, {
      fileId,
      requestId: file.requestId,
      companyId: file.companyId,
      status: 'indexed',
      pages: pages.length,
      ocrPages: pages.filter((p) => p.source === 'ocr').length,
    });
  });
}

/**
 * Queues every received PDF that has not been indexed and has no indexing job: files from before search,
 * and files added without going through the attach call. A file whose job failed for good is not queued
 * again until that job is pruned (30 days), so a file that crashes the OCR does not loop.
 */
export async function backfillRecordIndexing(db: Db): Promise<number> {
  const missing = await filesNeverIndexed(db, INDEX_JOB, BACKFILL_BATCH);
  for (const file of missing) {
    await enqueueJob(db, { kind: INDEX_JOB, key: jobKey(file.id), payload: { fileId: file.id } });
  }
  return missing.length;
}
