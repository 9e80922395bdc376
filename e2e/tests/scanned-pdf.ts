import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { pdfOfPages } from './api';

/** A PDF of its objects (numbered from 1, the first the catalog), with its cross-reference table. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/**
 * A PDF of a text page followed by a page scanned at 300 dpi: the second page's text is rendered by
 * `pdftoppm -r 300` into grey pixels and put back as nothing but an image, as a scanner makes it.
 */
export function recordsWithScannedPage(textTitle: string, scannedTitle: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dd-e2e-scan-'));
  try {
    writeFileSync(path.join(dir, 'to-scan.pdf'), pdfOfPages(scannedTitle, 1));
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-singlefile',
      path.join(dir, 'to-scan.pdf'),
      path.join(dir, 'scan'),
    ]);
    // PGM: 'P5', width, height, the largest value, then one byte a pixel.
    const pgm = readFileSync(path.join(dir, 'scan.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 50).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = deflateSync(pgm.subarray(header[0].length));
    const text = `BT /F1 18 Tf 72 720 Td (${textTitle}) Tj ET`;
    const draw = 'q 612 0 0 792 0 0 cm /Scan Do Q';
    const records = pdfOf([
      Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
      Buffer.from('<</Type/Pages/Kids[4 0 R 6 0 R]/Count 2>>'),
      Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'),
      Buffer.from(
        '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R>>',
      ),
      Buffer.from(`<</Length ${text.length}>>\nstream\n${text}\nendstream`),
      Buffer.from(
        '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</XObject<</Scan 8 0 R>>>>/Contents 7 0 R>>',
      ),
      Buffer.from(`<</Length ${draw.length}>>\nstream\n${draw}\nendstream`),
      Buffer.concat([
        Buffer.from(
          `<</Type/XObject/Subtype/Image/Width ${width}/Height ${height}/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/FlateDecode/Length ${pixels.length}>>\nstream\n`,
        ),
        pixels,
        Buffer.from('\nendstream'),
      ]),
    ]);
    writeFileSync(path.join(dir, 'records.pdf'), records);
    // The scanned page really has no text of its own; the first page has.
    const read = (n: number) =>
      execFileSync('pdftotext', ['-f', String(n), '-l', String(n), path.join(dir, 'records.pdf'), '-'], {
        encoding: 'utf8',
      }).trim();
    expect([read(1), read(2)]).toEqual([textTitle, '']);
    return records;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
