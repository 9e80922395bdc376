import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { OCR_MIN_CHARACTERS } from '@dd/shared';
import { uploadStagingDir } from '../files/files.upload';

/**
 * The text of a PDF, page by page (decision 060): `pdftotext -layout` reads every page in one pass (pages
 * end in form feeds); a page with almost no text (a scan) is rendered at 300 dpi by `pdftoppm` and read
 * by `tesseract`. Records are PHI: the PDF and the page images live in the data volume's staging
 * folder for the moment they are needed, never in the system's temp folder (decision 012).
 */
export interface ExtractedPage {
  page: number;
  text: string;
  source: 'text' | 'ocr';
}

const run = promisify(execFile);
const OUTPUT_LIMIT = 256 * 1024 * 1024;

/** What PostgreSQL text cannot hold (NUL) and the control characters search snippets use as markers. */
const cleanText = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trimEnd();

const needsOcr = (text: string) => text.replace(/\s/g, '').length < OCR_MIN_CHARACTERS;

async function ocrPage(input: string, dir: string, page: number): Promise<string> {
  const image = path.join(dir, `page-${page}`);
  await run(
    'pdftoppm',
    ['-r', '300', '-gray', '-png', '-singlefile', '-f', String(page), '-l', String(page), input, image],
    { timeout: 120_000 },
  );
  // OMP_THREAD_LIMIT=1: tesseract's threads fight the server's for two cores and gain nothing on one page.
  const { stdout } = await run('tesseract', [`${image}.png`, 'stdout', '-l', 'eng'], {
    timeout: 300_000,
    maxBuffer: OUTPUT_LIMIT,
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  await rm(`${image}.png`, { force: true });
  return stdout;
}

export async function extractPages(
  bytes: Uint8Array,
  pageCount: number,
  dataDir: string,
  onOcrPage?: (done: number, total: number) => Promise<void>,
): Promise<ExtractedPage[]> {
  const staging = uploadStagingDir(dataDir);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(staging, 'dd-index-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await writeFile(input, bytes, { mode: 0o600 });
    const output = path.join(dir, 'text.txt');
    await run('pdftotext', ['-layout', '-enc', 'UTF-8', input, output], { timeout: 300_000 });
    const texts = (await readFile(output, 'utf8')).split('\f');
    const pages: ExtractedPage[] = [];
    for (let page = 1; page <= pageCount; page++) {
      pages.push({ page, text: cleanText(texts[page - 1] ?? ''), source: 'text' });
    }
    const scanned = pages.filter((p) => needsOcr(p.text));
    for (const [done, page] of scanned.entries()) {
      page.text = cleanText(await ocrPage(input, dir, page.page));
      page.source = 'ocr';
      await onOcrPage?.(done + 1, scanned.length);
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
