/// <reference path="./pdfjs-worker.d.ts" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDF_FORM_LIMITS, PDF_FORM_MSG } from '@dd/shared';
import { PdfRefusal } from './pdf-refusal';

/**
 * Renders every page of a PDF to a JPEG with pdfjs-dist, which draws on @napi-rs/canvas (installed from
 * npm with it, so no system package is needed). The page size comes back in PDF points, the shape the
 * mapping editor keeps and the fractions of a mapping are measured against.
 *
 * The server never loads this: the PDF worker (pdf-worker.ts) does, so a hostile PDF keeps that thread
 * busy, not the server's (a test enforces it). Tests load it to read the PDFs they are given.
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
  jpeg: Uint8Array;
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<Pdfjs> | undefined;

/**
 * pdfjs's legacy build installs core-js polyfills over JSON.parse, JSON.stringify and Array.prototype.push
 * (correct, ten times slower). Node's own go back once it has loaded, so a test process that reads a
 * PDF keeps them; the worker half is loaded here too (pdfjs looks for it on `globalThis.pdfjsWorker` and
 * then runs it in this thread) so its polyfills are in before they go back.
 */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= (async () => {
    const natives = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };
    try {
      const [lib, worker] = await Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
      ]);
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return lib;
    } catch (error) {
      pdfjs = undefined;
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
      isOffscreenCanvasSupported: false,
      // An image larger than the largest page at 150 dpi is left out rather than decoded.
      maxImageSize: Math.round(PDF_FORM_LIMITS.maxPageArea * SCALE * SCALE),
      verbosity: 0,
    }).promise;
  } catch (error) {
    if ((error as Error).name === 'PasswordException') throw new PdfRefusal(PDF_FORM_MSG.encrypted);
    throw new PdfRefusal(PDF_FORM_MSG.unreadable);
  }
}

/**
 * Opens the PDF and checks its page count and every page's size before drawing anything; a PDF of more
 * than `inlineUpTo` pages answers its count alone (the job queue renders it).
 */
export async function renderPages(
  bytes: Uint8Array,
  options: { inlineUpTo?: number; onPage?: (done: number, total: number) => void } = {},
): Promise<{ pageCount: number; pages: RenderedPage[] | null }> {
  const pdf = await openPdf(bytes);
  try {
    const total = pdf.numPages;
    if (total > PDF_FORM_LIMITS.maxPages) throw new PdfRefusal(PDF_FORM_MSG.tooManyPages(total));
    for (let n = 1; n <= total; n++) {
      const { width, height } = (await pdf.getPage(n)).getViewport({ scale: 1 });
      const side = Math.max(width, height);
      if (width * height > PDF_FORM_LIMITS.maxPageArea || side > PDF_FORM_LIMITS.maxPageSide)
        throw new PdfRefusal(PDF_FORM_MSG.pageTooLarge(n, width, height));
    }
    if (total > (options.inlineUpTo ?? Number.POSITIVE_INFINITY)) return { pageCount: total, pages: null };
    options.onPage?.(0, total);
    const pages: RenderedPage[] = [];
    for (let n = 1; n <= total; n++) {
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
        jpeg: new Uint8Array(canvas.toBuffer('image/jpeg', 85)),
      });
      page.cleanup();
      options.onPage?.(n, total);
    }
    return { pageCount: total, pages };
  } finally {
    await pdf.destroy();
  }
}
