/// <reference path="./pdfjs-worker.d.ts" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDF_FORM_MSG } from '@dd/shared';
import { badRequest } from '../../lib/errors';

/**
 * Renders every page of a PDF to a JPEG with pdfjs-dist, which draws on @napi-rs/canvas (installed from
 * npm with it, so no system package is needed). The page size comes back in PDF points, the shape the
 * mapping editor keeps and the fractions of a mapping are measured against.
 */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
/** 150 dpi: sharp enough to read small print in the editor, a few hundred kB a page. */
const SCALE = 150 / 72;

/** pdfjs's Node canvas factory (over @napi-rs/canvas), which its types leave as Object. */
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { toBuffer(type: 'image/jpeg', quality?: number): Buffer };
    context: CanvasRenderingContext2D;
  };
}

export interface RenderedPage {
  pageNumber: number;
  width: number;
  height: number;
  jpeg: Buffer;
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<Pdfjs> | undefined;

/**
 * pdfjs-dist's legacy build (the one that runs on Node 20) installs core-js polyfills over `JSON.parse`,
 * `JSON.stringify` and `Array.prototype.push`: correct, but the stringify is ten times slower, and every
 * API answer goes through it (issue 9 §2: 3 ms for a page of 100 staff-list rows). Node's own are complete,
 * so they are put back once pdfjs has loaded; the functions it only adds (Promise.withResolvers, …) stay.
 */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= (async () => {
    const natives = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };
    try {
      // The worker half carries the same polyfills: loaded here (pdfjs looks for it on `globalThis.pdfjsWorker`)
      // rather than by pdfjs on the first document, so both are in before the natives go back.
      const [lib, worker] = await Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
      ]);
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return lib;
    } catch (error) {
      pdfjs = undefined; // the next PDF tries again
      throw error;
    } finally {
      JSON.parse = natives.parse;
      JSON.stringify = natives.stringify;
      Array.prototype.push = natives.push;
    }
  })();
  return pdfjs;
}

export async function openPdf(bytes: Uint8Array) {
  const { getDocument } = await loadPdfjs();
  try {
    // A copy: pdfjs takes over (detaches) the buffer it is given, and the caller may still need the bytes.
    return await getDocument({
      data: bytes.slice(),
      standardFontDataUrl,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if ((error as Error).name === 'PasswordException') throw badRequest(PDF_FORM_MSG.encrypted);
    throw badRequest(PDF_FORM_MSG.unreadable);
  }
}

export async function renderPages(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => Promise<void> | void,
): Promise<RenderedPage[]> {
  const pdf = await openPdf(bytes);
  try {
    const pages: RenderedPage[] = [];
    await onPage?.(0, pdf.numPages);
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const size = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: SCALE });
      const { canvas, context } = (pdf.canvasFactory as CanvasFactory).create(
        viewport.width,
        viewport.height,
      );
      // White first: a page without a background would otherwise turn black in a JPEG.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, viewport.width, viewport.height);
      // As printed: a fillable form's boxes as the filled form (flattened) will show them.
      await page.render({ canvas: canvas as never, canvasContext: context, viewport, intent: 'print' })
        .promise;
      pages.push({
        pageNumber: n,
        width: size.width,
        height: size.height,
        jpeg: canvas.toBuffer('image/jpeg', 85),
      });
      page.cleanup();
      await onPage?.(n, pdf.numPages);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The number of pages, or the same refusal as rendering for a PDF that cannot be read. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}
