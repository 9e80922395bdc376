import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import type { App } from '../../app-types';
import { upload } from '../files/files.test-utils';

/** Records PDFs for the package tests, staff's upload-attach-verify, and reading what pdftotext sees. */
type Headers = Record<string, string>;

export interface PageSpec {
  rotate?: 0 | 90 | 180 | 270;
  /** [x, y, width, height] of a crop box inside the 612 × 792 media box. */
  crop?: [number, number, number, number];
}

export async function recordsPdf(title: string, pages: PageSpec[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, n) => {
    const page = doc.addPage([612, 792]);
    page.drawText(`${title} page ${n + 1}`, { x: 100, y: 400, size: 14, font });
    if (spec.rotate) page.setRotation({ type: 'degrees', angle: spec.rotate } as never);
    if (spec.crop) page.setCropBox(...spec.crop);
  });
  return Buffer.from(await doc.save());
}

/** The same PDF encrypted by qpdf: with only an owner password, or also a password needed to open it. */
export function encrypted(bytes: Buffer, userPassword: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'dd-enc-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), bytes);
    execFileSync('qpdf', [
      '--encrypt',
      userPassword,
      'owner-secret',
      '256',
      '--',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'out.pdf'),
    ]);
    return readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Staff upload a PDF to the request as a medical record and verify it; answers the file. */
export async function deliverable(
  app: App,
  headers: Headers,
  userId: number,
  requestId: number,
  content: Buffer,
  name: string,
) {
  const sent = await upload(app, headers, { bucket: 'provider-records', filename: name, content });
  expect(sent.statusCode, sent.body).toBe(200);
  const attach = await app.inject({
    method: 'POST',
    url: '/api/home/file/',
    headers,
    payload: { name, url: sent.json().uploaded_files[0].url, request: requestId, supporting_file: false },
  });
  expect(attach.statusCode, attach.body).toBe(200);
  const verify = await app.inject({
    method: 'POST',
    url: `/api/home/file/${attach.json().id}/`,
    headers,
    payload: { verified_by: userId },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return verify.json() as { id: number; sha256: string; url: string };
}

/**
 * Each word pdftotext finds on a page as displayed (crop box, origin at the top left) and the page's size as
 * displayed: pdftotext gives a quarter-turned page's size unturned, its words turned.
 */
export function wordsOnPage(file: string, page: number, quarterTurned = false) {
  const html = execFileSync(
    'pdftotext',
    ['-cropbox', '-bbox', '-f', String(page), '-l', String(page), file, '-'],
    {
      encoding: 'utf8',
    },
  );
  const size = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html)!;
  const words = [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5] }));
  const [width, height] = quarterTurned ? [+size[2], +size[1]] : [+size[1], +size[2]];
  return { width, height, words };
}
