import type { Readable } from 'node:stream';
import { FILE_MSG } from '@dd/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { forbidden, notFound } from '../../lib/errors';
import { attachmentHeader, openStored, tokenUser } from './files.download';
import { visibleClientName, zipFilesOfClient } from './files.queries';
import { logDownloads } from './files.service';
import { signDownloadToken, verifyDownloadToken } from './files.tokens';

/**
 * "Download as ZIP" for a client: POST /api/download-zip/ returns a short-lived link; GET on it streams a
 * ZIP of the records (not archived, not supporting) of the client's requests the caller can see, one
 * folder per provider, and logs a DOWNLOAD for each file.
 */
/** A file or folder name that is safe inside a ZIP (no separators, no leading dots). */
function entryName(text: string): string {
  return (
    text
      .replace(/[/\\:\p{Cc}]+/gu, '-')
      .replace(/^\.+/, '')
      .trim() || 'file'
  );
}

/** Unique entry paths: a second 'Records.pdf' from the same provider becomes 'Records (2).pdf'. */
function uniquePaths(rows: { provider: string; name: string }[]): string[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const folder = entryName(row.provider);
    const name = entryName(row.name);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = `${folder}/${name}`;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${folder}/${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

function zipFileName(clientName: string): string {
  const slug = clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'client'}-records.zip`;
}

export async function issueZipUrl(deps: AppDeps, auth: Auth, patientId: number): Promise<string> {
  const patient = await visibleClientName(deps.db, auth, patientId);
  if (!patient) throw notFound();
  const list = await zipFilesOfClient(deps.db, auth, patient.id);
  if (list.length === 0) throw notFound(FILE_MSG.noFilesForClient);
  const token = signDownloadToken(
    { p: 'z', c: patient.id, u: auth.userId },
    deps.tokens.jwtSecret,
    deps.config.FILE_URL_MINUTES,
  );
  return `/files/zip/${token}/${zipFileName(patient.fullName)}`;
}

export async function sendZip(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  name: string,
) {
  const payload = verifyDownloadToken(token, deps.tokens.jwtSecret, 'z');
  if (!payload) throw forbidden(FILE_MSG.linkExpired);
  const auth = await tokenUser(deps, payload.u);
  const list = await zipFilesOfClient(deps.db, auth, payload.c);
  if (list.length === 0) throw notFound(FILE_MSG.noFilesForClient);
  await deps.db.transaction((tx) =>
    logDownloads(
      tx,
      auth,
      list.map((f) => f.id),
      clientIp(request),
    ),
  );

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => {
    request.log.error({ err: error }, 'ZIP download failed part-way');
    output.destroy(error);
  });
  const paths = uniquePaths(list);
  list.forEach((file, i) => {
    // Records are mostly PDFs and images, already compressed: store them as they are.
    zip.addReadStreamLazy(paths[i], { compress: false, mtime: new Date() }, (done) => {
      openStored(deps, file.url).then(
        (stream) => done(null, stream),
        (error) => done(error, undefined as unknown as Readable),
      );
    });
  });
  zip.end();
  return reply
    .header('content-disposition', attachmentHeader(name.endsWith('.zip') ? name : `${name}.zip`))
    .header('cache-control', 'private, no-store')
    .type('application/zip')
    .send(output);
}
