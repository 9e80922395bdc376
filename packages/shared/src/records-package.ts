import { z } from 'zod';

/**
 * The records package (decision 056): the matter's Bates prefix the firm sets on the client, how a Bates
 * number reads, the package's file names and the messages around stamping and downloading it.
 */
export const BATES_PREFIX_PATTERN = /^[A-Z]{2,8}$/;
export const BATES_DIGITS = 7;

export const BATES_MSG = {
  prefixFormat: 'The Bates prefix is 2 to 8 capital letters (A-Z), such as SMITH.',
  prefixLabel: 'Bates prefix',
  prefixHint: "Stamped before each page's number in the records package, e.g. SMITH0000001.",
} as const;

export const RECORDS_PACKAGE_MSG = {
  encrypted: (file: string) =>
    `'${file}' is password-protected and could not be unlocked. Upload a copy without a password, then send again.`,
  unreadable: (file: string) => `'${file}' is not a PDF we can read. Upload it again, then send again.`,
  filesChanged: 'The files of this request changed while it was being sent. Send it again.',
  preparing: 'The records package is still being prepared. Try again in a minute.',
  /** Stamping failed for good: sending the request again tries it again. */
  failed: (reason: string) => `The records package could not be made: ${reason}`,
  nothingDelivered: 'This request has no delivered records yet.',
  download: 'Download records package',
  duplicate: (name: string) => `Same file as '${name}' (identical SHA-256).`,
} as const;

/** The firm's own prefix, or an empty value to clear it; letters are taken in capitals. */
export const BatesPrefixSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.union([z.literal(''), z.string().regex(BATES_PREFIX_PATTERN, BATES_MSG.prefixFormat)]))
  .nullish();

/** A client the firm gave no prefix is stamped with its last name's letters ('O'Neil' → 'ONEIL'), or 'DD'. */
export function defaultBatesPrefix(lastName: string): string {
  const letters = lastName
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 8);
  return letters.length >= 2 ? letters : 'DD';
}

/** 'DOE' and 42 read 'DOE0000042'. */
export function batesLabel(prefix: string, n: number, digits = BATES_DIGITS): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/** The columns of index.csv, in order. */
export const PACKAGE_INDEX_COLUMNS = [
  'BegBates',
  'EndBates',
  'Pages',
  'Provider',
  'Dates of Service',
  'File Name',
  'SHA-256',
] as const;
