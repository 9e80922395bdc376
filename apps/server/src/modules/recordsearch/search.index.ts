import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { files, jobs, recordIndexing, recordPages, requests } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { enqueueJob, type JobContext } from '../../lib/jobs';
import { type RecordsDeps, readablePdf } from '../recordspackage/package.unlock';
import { extractPages } from './search.extract';

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

/** The files search reads: medical records (not supporting documents) stored as PDF. */
export const indexableFile = sql`${files.contentType} = 'application/pdf' and not ${files.supportingFile}`;

/** Queues the indexing of a newly attached file, in the caller's transaction; other files are left alone. */
export async function queueRecordIndexing(
  db: DbOrTx,
  file: { id: number; contentType: string | null; supportingFile: boolean },
): Promise<void> {
  if (file.contentType !== 'application/pdf' || file.supportingFile) return;
  await enqueueJob(db, { kind: INDEX_JOB, key: jobKey(file.id), payload: { fileId: file.id } });
}

async function markIndexed(
  db: DbOrTx,
  row: {
    fileId: number;
    requestId: number;
    companyId: number;
    status: 'indexed' | 'failed';
    pages?: number;
    ocrPages?: number;
    error?: string;
  },
) {
  const values = { pages: 0, ocrPages: 0, error: null, ...row, indexedAt: new Date() };
  await db
    .insert(recordIndexing)
    .values(values)
    .onConflictDoUpdate({ target: recordIndexing.fileId, set: values });
}

/** The job: the file's text, page by page, in place of what was indexed for it before. */
export async function indexRecordFile(
  deps: RecordsDeps & { db: Db },
  fileId: number,
  context?: JobContext,
): Promise<void> {
  const [file] = await deps.db
    .select({
      id: files.id,
      name: files.name,
      url: files.url,
      requestId: files.requestId,
      companyId: requests.companyId,
    })
    .from(files)
    .innerJoin(requests, eq(requests.id, files.requestId))
    .where(and(eq(files.id, fileId), indexableFile));
  if (!file) return;
  let pdf: Awaited<ReturnType<typeof readablePdf>>;
  try {
    pdf = await readablePdf(deps, file);
  } catch (error) {
    // A PDF that cannot be read (or opened without a password) is left out of search, saying why.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await markIndexed(deps.db, {
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
    await tx.delete(recordPages).where(eq(recordPages.fileId, fileId));
    for (let i = 0; i < pages.length; i += 200) {
      await tx.insert(recordPages).values(
        pages.slice(i, i + 200).map((p) => ({
          fileId,
          requestId: file.requestId,
          companyId: file.companyId,
          pageNumber: p.page,
          text: p.text,
          source: p.source,
        })),
      );
    }
    await markIndexed(tx, {
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
  const missing = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        indexableFile,
        sql`not ${files.archived}`,
        sql`not exists (select 1 from ${recordIndexing} where ${recordIndexing.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${jobs} where ${jobs.key} = ${INDEX_JOB} || ':' || ${files.id})`,
      ),
    )
    .orderBy(files.id)
    .limit(BACKFILL_BATCH);
  for (const file of missing) {
    await enqueueJob(db, { kind: INDEX_JOB, key: jobKey(file.id), payload: { fileId: file.id } });
  }
  return missing.length;
}
