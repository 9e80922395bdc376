import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadStagingDir } from '../files/files.upload';
import { extractPages } from './search.extract';
import { scannedPdf, textPdf, wordsOf } from './search.test-utils';

/**
 * Reading a received PDF's text page by page: pdftotext for pages with text, and OCR (pdftoppm at 300 dpi
 * and tesseract) for a page that is only a scanned image.
 */
const SCANNED_PAGE =
  'Radiology report. Patient was referred for MRI of the lumbar spine after a motor vehicle collision. ' +
  'Findings show a broad based disc protrusion at the fourth and fifth lumbar levels with mild narrowing ' +
  'of the left neural foramen. No fracture is seen. The vertebral bodies are normal in height and signal. ' +
  'Impression: disc protrusion without cord compression. Follow up with orthopedics is recommended in ' +
  'two weeks. Signed by Doctor Amara Okafor, board certified radiologist, Riverside Imaging Center.';

// The data volume of these tests: the staging folder inside it is where the PDF and page images go.
const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-extract-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('extracting the text of a received PDF', () => {
  it('reads each page of a PDF with text, in order, without OCR', async () => {
    const pdf = await textPdf(['Emergency room visit after the accident', 'Physical therapy plan of care']);
    const pages = await extractPages(pdf, 2, dataDir);
    expect(pages.map((p) => [p.page, p.source])).toEqual([
      [1, 'text'],
      [2, 'text'],
    ]);
    expect(pages[0].text).toContain('Emergency room visit after the accident');
    expect(pages[1].text).toContain('Physical therapy plan of care');
  });

  it('reads at least 95% of the words of a 300-dpi scanned page by OCR', async () => {
    const pdf = await scannedPdf([SCANNED_PAGE]);
    const ocrSteps: number[] = [];
    const pages = await extractPages(pdf, 1, dataDir, async (done) => {
      ocrSteps.push(done);
    });
    expect(pages.map((p) => p.source)).toEqual(['ocr']);
    expect(ocrSteps).toEqual([1]);
    const expected = wordsOf(SCANNED_PAGE);
    const read = new Set(wordsOf(pages[0].text));
    const found = expected.filter((w) => read.has(w));
    expect(found.length / expected.length, pages[0].text).toBeGreaterThanOrEqual(0.95);
    // The page images were made on the data volume and are gone.
    const staging = uploadStagingDir(dataDir);
    expect(existsSync(staging)).toBe(true);
    expect(readdirSync(staging)).toEqual([]);
  }, 60_000);
});
