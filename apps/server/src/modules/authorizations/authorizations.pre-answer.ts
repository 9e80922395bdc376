import { execFile } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import type { Storage } from '../../lib/storage';

/**
 * The text of a stored HIPAA form's first pages (poppler's pdftotext), to pre-tick staff's checklist. Any
 * failure (a link rather than an upload, a missing or large file, a scan without text, no pdftotext, a slow
 * parse) is '' : pre-answers are a convenience, and staff tick the boxes themselves.
 */
const MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 5000;

export async function storedPdfText(storage: Storage, key: string): Promise<string> {
  if (/^https?:\/\//i.test(key)) return '';
  try {
    const stat = await storage.stat(key);
    if (!stat || stat.size > MAX_BYTES) return '';
    const bytes = await buffer(await storage.get(key));
    return await new Promise<string>((resolve) => {
      const child = execFile(
        'pdftotext',
        ['-l', '4', '-q', '-', '-'],
        { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 },
        (error, stdout) => resolve(error ? '' : String(stdout)),
      );
      child.stdin?.on('error', () => resolve(''));
      child.stdin?.end(bytes);
    });
  } catch {
    return '';
  }
}
