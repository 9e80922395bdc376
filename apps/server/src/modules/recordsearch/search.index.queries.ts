import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, jobs, recordIndexing, recordPages, requests } from '../../db/schema';
import type { ExtractedPage } from './search.extract';

/** SQL for indexing received records for search (decision 060): the files to index, their pages, their state. */

/** The files search reads: medical records (not supporting documents) stored as PDF. */
export const indexableFile = sql`${files.contentType} = 'application/pdf' and not ${files.supportingFile}`;

/** Records that a file is indexed (or why it could not be), in place of what was recorded before. */
export async function upsertRecordIndexing(
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
): Promise<void> {
  const values = { pages: 0, ocrPages: 0, error: null, ...row, indexedAt: new Date() };
  await db
    .insert(recordIndexing)
    .values(values)
    .onConflictDoUpdate({ target: [recordIndexing.fileId, recordIndexing.companyId], set: values });
}

/** The file to index with its request's firm, when it is one search reads. */
export async function indexableFileById(db: DbOrTx, fileId: number) {
  const [file] = await db
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
  return file;
}

/** Replaces a file's indexed pages with `pages`, inserted 200 at a time. */
export async function replaceFilePages(
  tx: DbOrTx,
  file: { id: number; requestId: number; companyId: number },
  pages: ExtractedPage[],
): Promise<void> {
  const fileId = file.id;
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
}

/** Up to `limit` received PDFs with neither an indexing result nor a job under `jobKind`, by id. */
export function filesNeverIndexed(db: DbOrTx, jobKind: string, limit: number) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        indexableFile,
        sql`not ${files.archived}`,
        sql`not exists (select 1 from ${recordIndexing} where ${recordIndexing.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${jobs} where ${jobs.key} = ${jobKind} || ':' || ${files.id})`,
      ),
    )
    .orderBy(files.id)
    .limit(limit);
}
