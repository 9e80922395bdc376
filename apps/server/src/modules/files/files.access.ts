import type { Auth } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { isValidKey } from '../../lib/storage';
import { isVisibleFormLink, visibleFileWithKey } from './files.queries';
import { isOwnUpload } from './files.upload';

/**
 * Who may read a stored object (POST /getFileUrl/). An object is readable through the first of: a file of
 * a visible request; the caller's own upload; a visible client's or request's HIPAA/intake form; a
 * company release form (visibleCompanyDocuments); a provider's request form (any signed-in user).
 */
export interface ReadableObject {
  /** The files row the access goes through; downloads through it are logged. */
  fileId?: number;
  name: string;
}

/** The original file name inside an uploaded key ('<bucket>/u<id>/<uuid>-<name>' -> '<name>'). */
function nameFromKey(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1);
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || last;
}

export async function findReadable(
  db: DbOrTx,
  auth: Auth,
  key: string,
  fileId?: number,
): Promise<ReadableObject | null> {
  if (!isValidKey(key)) return null;
  const file = await visibleFileWithKey(db, auth, key, fileId);
  if (file) return { fileId: file.id, name: file.name };

  const named = { name: nameFromKey(key) };
  if (isOwnUpload(auth.userId, key)) return named;

  // Form links are checked when they are saved (checkUploadRef: the saver's own upload or a link they
  // could already read), so a record of one firm cannot point at another firm's document.
  return (await isVisibleFormLink(db, auth, key)) ? named : null;
}
