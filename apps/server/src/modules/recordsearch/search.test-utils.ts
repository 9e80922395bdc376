import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppDeps } from '../../app-types';
import { indexRecordFile } from './search.index';

/** PDFs with text on each page, a scanned page made from one, and running a file's indexing job. */

const wrap = (text: string, perLine: number) => {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += perLine) lines.push(words.slice(i, i + perLine).join(' '));
  return lines;
};

/** One page per text, each drawn as lines of Helvetica (a PDF with real text, as a provider's system makes). */
export async function textPdf(pages: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    wrap(text, 10).forEach((line, n) => {
      page.drawText(line, { x: 60, y: 720 - n * 22, size: 13, font });
    });
  }
  return Buffer.from(await doc.save());
}

/**
 * The same pages as a scanner gives them: each page rendered at 300 dpi by `pdftoppm` (grey, as an office
 * scanner's default) and put back into a PDF as nothing but an image, so there is no text to extract.
 */
export async function scannedPdf(pages: string[]): Promise<Buffer> {
  const work = mkdtempSync(path.join(tmpdir(), 'dd-scan-test-'));
  try {
    writeFileSync(path.join(work, 'text.pdf'), await textPdf(pages));
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      path.join(work, 'text.pdf'),
      path.join(work, 'scan'),
    ]);
    const doc = await PDFDocument.create();
    for (let n = 1; n <= pages.length; n++) {
      const suffix = String(n).padStart(String(pages.length).length, '0');
      const image = await doc.embedPng(readFileSync(path.join(work, `scan-${suffix}.png`)));
      const page = doc.addPage([612, 792]);
      page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
    }
    return Buffer.from(await doc.save());
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs the indexing job of a file as the job queue would. */
export const runIndexing = (deps: AppDeps, fileId: number) =>
  indexRecordFile({ db: deps.db, storage: deps.storage, dataDir: deps.config.dataDir }, fileId);

/** The words of a text, in lower case without punctuation, for comparing what OCR read. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
