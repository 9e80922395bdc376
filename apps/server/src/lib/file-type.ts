/**
 * Recognises the accepted document types from their first bytes (magic numbers), never from the
 * file name or the browser's claimed type: PDF, PNG, JPEG, GIF, TIFF, Word (DOCX/ZIP and legacy DOC).
 */
export interface SniffedType {
  mime: string;
  ext: string;
}

/** How many leading bytes `sniffFileType` wants to see (fewer is fine for a shorter file). */
export const SNIFF_BYTES = 512;

const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0) =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: { bytes: number[]; type: SniffedType }[] = [
  { bytes: ascii('%PDF-'), type: { mime: 'application/pdf', ext: 'pdf' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mime: 'image/png', ext: 'png' } },
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', ext: 'jpg' } },
  { bytes: ascii('GIF87a'), type: { mime: 'image/gif', ext: 'gif' } },
  { bytes: ascii('GIF89a'), type: { mime: 'image/gif', ext: 'gif' } },
  { bytes: [0x49, 0x49, 0x2a, 0x00], type: { mime: 'image/tiff', ext: 'tif' } },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], type: { mime: 'image/tiff', ext: 'tif' } },
  // OLE compound file: legacy Word .doc (also old Excel/PowerPoint, which share the container).
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    type: { mime: 'application/msword', ext: 'doc' },
  },
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const DOCX: SniffedType = {
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ext: 'docx',
};

export function sniffFileType(head: Uint8Array): SniffedType | null {
  for (const { bytes, type } of SIGNATURES) if (startsWith(head, bytes)) return type;
  if (startsWith(head, ZIP)) {
    // A Word document is a ZIP whose first entries name the word/ folder or the Office content types.
    const text = Buffer.from(head).toString('latin1');
    return text.includes('word/') || text.includes('[Content_Types].xml')
      ? DOCX
      : { mime: 'application/zip', ext: 'zip' };
  }
  return null;
}

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: DOCX.mime,
  zip: 'application/zip',
};

/** Content type for a stored object that has no recorded type (its key's extension, else binary). */
export function contentTypeFromName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}
