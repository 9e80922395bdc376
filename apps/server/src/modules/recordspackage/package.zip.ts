import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { batesLabel, formatDate, PACKAGE_INDEX_COLUMNS, RECORDS_PACKAGE_MSG } from '@dd/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../app-types';
import { type Auth, isInternalStaff } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { conflict, notFound } from '../../lib/errors';
import { attachmentHeader, openStored } from '../files/files.download';
import { logDownloads } from '../files/files.service';
import { pdfPool } from '../pdfforms/pdf-pool';
import type { IndexRow } from './index-pdf';
import { STAMP_JOB } from './package.deliver';
import { latestJobByKey, numberedFilesOfRequest, packageRequestForCaller } from './package.queries';

/**
 * GET /api/home/request/{id}/package/: the request's records package as one ZIP (decision 056): the
 * Bates-stamped PDFs, index.csv and index.pdf (BegBates, EndBates, pages, provider, dates of service, file
 * name, SHA-256) and SHA256SUMS over every other entry, in `sha256sum -c` format. Each file sent is a
 * DOWNLOAD on its history. The request's firm and internal staff; anyone else is told it is not found.
 */
async function packageOf(deps: AppDeps, auth: Auth, requestId: number) {
  const request = await packageRequestForCaller(deps.db, auth, requestId);
  if (!request || (auth.isInternal && !isInternalStaff(auth))) throw notFound();
  const list = await numberedFilesOfRequest(deps.db, request);
  if (list.length === 0) throw conflict(RECORDS_PACKAGE_MSG.nothingDelivered);
  if (list.some((f) => f.stampedUrl === null)) {
    const job = await latestJobByKey(deps.db, `${STAMP_JOB}:${request.id}`);
    if (job?.status === 'failed') throw conflict(RECORDS_PACKAGE_MSG.failed(job.lastError ?? ''));
    throw conflict(RECORDS_PACKAGE_MSG.preparing);
  }
  return { request, list };
}

const safeName = (text: string) =>
  text
    .replace(/[/\\:\p{Cc}*?"<>|]+/gu, '-')
    .replace(/^[.\s]+/, '')
    .trim() || 'records.pdf';

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const sha256Of = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function sendRecordsPackage(
  deps: AppDeps,
  auth: Auth,
  requestId: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { request: found, list } = await packageOf(deps, auth, requestId);
  const dates = [found.startDate, found.endDate].map((d) => (d ? formatDate(d) : '')).filter(Boolean);
  const entries = list.map((f) => {
    const beg = batesLabel(f.prefix, f.first);
    const end = batesLabel(f.prefix, f.last);
    const fileName = `records/${beg}-${end} ${safeName(f.name)}`.replace(/(\.pdf)?$/i, '.pdf');
    const row: IndexRow = {
      begBates: beg,
      endBates: end,
      pages: f.last - f.first + 1,
      provider: found.provider,
      datesOfService: dates.join(' - '),
      fileName,
      sha256: f.sha256!,
    };
    return { ...f, fileName, row };
  });
  const csv = [
    PACKAGE_INDEX_COLUMNS.join(','),
    ...entries.map(({ row }) =>
      [row.begBates, row.endBates, row.pages, row.provider, row.datesOfService, row.fileName, row.sha256]
        .map(csvCell)
        .join(','),
    ),
  ].join('\r\n');
  const indexCsv = Buffer.from(`${csv}\r\n`);
  const title = `Records index: ${found.client}, request ${found.id}`;
  const indexPdf = Buffer.from(
    await pdfPool().indexPdf(
      title,
      entries.map((e) => e.row),
    ),
  );
  const sums = [
    ...entries.map((e) => `${e.sha256}  ${e.fileName}`),
    `${sha256Of(indexCsv)}  index.csv`,
    `${sha256Of(indexPdf)}  index.pdf`,
  ];
  await deps.db.transaction((tx) =>
    logDownloads(
      tx,
      auth,
      entries.map((e) => e.fileId),
      clientIp(request),
    ),
  );

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => {
    request.log.error({ err: error }, 'records package failed part-way');
    output.destroy(error);
  });
  const mtime = new Date();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.fileName, { compress: false, mtime }, (done) => {
      openStored(deps, entry.stampedUrl!).then(
        (stream) => done(null, stream),
        (error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  zip.addBuffer(indexCsv, 'index.csv', { mtime });
  zip.addBuffer(indexPdf, 'index.pdf', { mtime, compress: false });
  zip.addBuffer(Buffer.from(`${sums.join('\n')}\n`), 'SHA256SUMS', { mtime });
  zip.end();
  return reply
    .header('content-disposition', attachmentHeader(`request-${found.id}-records-package.zip`))
    .header('cache-control', 'private, no-store')
    .type('application/zip')
    .send(output);
}
