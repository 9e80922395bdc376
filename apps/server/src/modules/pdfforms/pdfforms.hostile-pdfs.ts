import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * PDFs built byte by byte for the tests of what a form upload must survive (no database needed, so a
 * benchmark can make them too).
 */
async function manyPages(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++) doc.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 720, font });
  return doc.save();
}

/** A PDF written object by object (1 is the catalog), with a correct cross-reference table. */
function rawPdf(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.from(body as Uint8Array),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    `startxref\n${length}\n%%EOF\n`,
  ].join('\n');
  return new Uint8Array(Buffer.concat([...parts, Buffer.from(xref)]));
}

/** Hostile and broken PDFs a form upload must survive. */
export const hostilePdfs = {
  /** A one-page PDF of a few hundred bytes whose page is 100 × 100 inches. */
  hugePage: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 7200 7200] >>',
    ]),
  /**
   * A page whose content stream inflates from a few hundred kB to `megabytes` MB of drawing: the same
   * fully flushed deflate block repeated (each block starts afresh, so copies of it make one stream).
   */
  bomb(megabytes = 300) {
    const chunk = Buffer.from('0 0 m 1 1 l S\n'.repeat(Math.ceil(1_048_576 / 14)));
    const block = deflateRawSync(chunk, { finishFlush: constants.Z_FULL_FLUSH });
    const zlibStream = Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      ...Array.from({ length: megabytes }, () => block),
      Buffer.from([0x03, 0x00]), // the last, empty block
    ]);
    return rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      Buffer.concat([
        Buffer.from(`<< /Length ${zlibStream.length} /Filter /FlateDecode >>\nstream\n`),
        zlibStream,
        Buffer.from('\nendstream'),
      ]),
    ]);
  },
  /** A page tree whose pages node lists itself among its kids. */
  loopedPageTree: () =>
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ]),
  /** The first half of a three-page form. */
  truncated: async () => {
    const whole = await manyPages(3);
    return whole.slice(0, Math.floor(whole.length / 2));
  },
  /** Thousands of titled pages. */
  manyPages,
};
