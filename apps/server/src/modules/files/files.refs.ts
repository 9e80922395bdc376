import { FILE_MSG, type UploadBucket } from '@dd/shared';
import type { Auth } from '../../authz';
import { parseUploadKey } from './files.upload';

/**
 * Form links saved on records (a client's or request's HIPAA consent, a request's intake form, a
 * provider's request form). Each one is readable through POST /getFileUrl/ by whoever can see the
 * record, so a link may only be saved when the caller could already read it: a value already stored
 * where they can see it (`allowed`), or their own upload to the form's bucket. Anything else would let
 * a user point their own record at another firm's document and read it. The bucket check keeps, say,
 * uploaded medical records from becoming a provider's form, which every signed-in user can read.
 */
export function checkUploadRef(
  auth: Pick<Auth, 'userId'>,
  url: string | null | undefined,
  allowed: readonly (string | null | undefined)[],
  bucket: UploadBucket,
): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') || url.split(/[/\\]/).includes('..')) return FILE_MSG.foreignFormLink;
  if (allowed.some((value) => value && value === url)) return undefined;
  const upload = parseUploadKey(url);
  return upload?.userId === auth.userId && upload.bucket === bucket ? undefined : FILE_MSG.foreignFormLink;
}
