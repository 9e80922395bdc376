import { FILE_MSG } from '@dd/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-types';
import { loadAuth } from '../../auth/session';
import type { Auth } from '../../authz';
import { clientIp } from '../../lib/client-ip';
import { forbidden, notFound } from '../../lib/errors';
import { contentTypeFromName } from '../../lib/file-type';
import { StorageNotFoundError } from '../../lib/storage';
import { findReadable, type ReadableObject } from './files.access';
import { findVisibleFile, logDownloads, logKeyDownload } from './files.service';
import { signDownloadToken, verifyDownloadToken } from './files.tokens';

/**
 * Download links: POST /getFileUrl/ checks that the caller may read the object and returns a short-lived
 * /files/<token>/<name> link; GET on that link streams the object and writes the file-access row (with
 * the stored key, and the files row when the object has one).
 * Every download passes through here (no storage presigned URLs), so each one is checked and logged.
 */

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The path segment after the token: only for the browser's benefit, the server never reads it. */
function urlFileName(name: string): string {
  return encodeURIComponent(name.replace(/[/\\]/g, '-')) || 'download';
}

export async function issueFileUrl(deps: AppDeps, auth: Auth, key: string, fileId?: number): Promise<string> {
  const readable = await findReadable(deps.db, auth, key, fileId);
  if (!readable || !(await deps.storage.stat(key))) throw notFound();
  return signedFileUrl(deps, auth, key, readable);
}

/**
 * A download link for an object the caller has already been found allowed to read. `stable`: the same
 * link for the same object over a short while (its lifetime counted from the start of a window of a fifth
 * of it, at most a minute), so a screen that polls keeps its images instead of loading them again.
 */
export function signedFileUrl(
  deps: AppDeps,
  auth: Auth,
  key: string,
  object: ReadableObject,
  options: { inline?: boolean; stable?: boolean } = {},
): string {
  const minutes = deps.config.FILE_URL_MINUTES;
  const windowMs = Math.min(60_000, (minutes * 60_000) / 5);
  const now = options.stable ? Math.floor(Date.now() / windowMs) * windowMs : Date.now();
  const token = signDownloadToken(
    {
      p: 'f',
      k: key,
      f: object.fileId,
      n: object.name,
      u: auth.userId,
      ...(options.inline ? { i: 1 as const } : {}),
    },
    deps.tokens.jwtSecret,
    minutes,
    now,
  );
  return `/files/${token}/${urlFileName(object.name)}`;
}

/** The signed-in user a link was issued to, if the token is genuine and the user still active. */
export async function tokenUser(deps: AppDeps, userId: number): Promise<Auth> {
  const auth = await loadAuth(deps.db, userId, deps.config.INTERNAL_COMPANY_ID);
  if (!auth) throw forbidden(FILE_MSG.linkExpired);
  return auth;
}

export async function openStored(deps: AppDeps, key: string) {
  try {
    return await deps.storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound();
    throw error;
  }
}

export async function sendFile(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, token: string) {
  const payload = verifyDownloadToken(token, deps.tokens.jwtSecret, 'f');
  if (!payload) throw forbidden(FILE_MSG.linkExpired);
  const auth = await tokenUser(deps, payload.u);
  let name = payload.n;
  let contentType: string | null = null;
  if (payload.f !== undefined) {
    // Re-checked at download time: the request may have moved out of the caller's reach since the link.
    const file = await findVisibleFile(deps.db, auth, payload.f);
    if (file.url !== payload.k) throw notFound();
    name = file.name;
    contentType = file.contentType;
  }
  const body = await openStored(deps, payload.k);
  const fileId = payload.f;
  const ip = clientIp(request);
  try {
    // Objects without a files row (HIPAA, intake and release forms) are logged by their key alone.
    if (fileId !== undefined) await deps.db.transaction((tx) => logDownloads(tx, auth, [fileId], ip));
    else await logKeyDownload(deps.db, auth, payload.k, ip);
  } catch (error) {
    body.destroy();
    throw error;
  }
  return reply
    .header('content-disposition', attachmentHeader(name, payload.i ? 'inline' : 'attachment'))
    .header('cache-control', 'private, no-store')
    .type(contentType ?? contentTypeFromName(name))
    .send(body);
}
