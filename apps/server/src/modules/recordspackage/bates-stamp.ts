import { batesLabel } from '@dd/shared';
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * Stamping Bates numbers (runs in the PDF worker, decision 038): each page gets its number at the lower
 * right of the page as the reader sees it, inside the crop box (the visible page) whatever the page's
 * /Rotate, on a white patch so it reads on a scanned page. The text is real text in a standard font, so
 * `pdftotext` finds it.
 */
const FONT_SIZE = 10;
const MARGIN = 14;
const PAD = 2;
/** Helvetica's descender at this size: the white patch reaches under the baseline by this much. */
const DESCENT = 0.21 * FONT_SIZE;

export interface PdfFacts {
  pageCount: number;
  encrypted: boolean;
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return { pageCount: doc.getPageCount(), encrypted: doc.isEncrypted };
}

type Vec = [number, number];

/**
 * Where a page's lower-right corner is as displayed, in the page's own (unrotated) coordinates, and which
 * ways are 'right' and 'up' there. /Rotate turns the page clockwise for display.
 */
function displayFrame(page: PDFPage): { corner: Vec; right: Vec; up: Vec; angle: number } {
  const box = page.getCropBox();
  const { x, y, width: w, height: h } = box;
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  switch (angle) {
    case 90:
      return { corner: [x + w, y + h], right: [0, 1], up: [-1, 0], angle };
    case 180:
      return { corner: [x, y + h], right: [-1, 0], up: [0, -1], angle };
    case 270:
      return { corner: [x, y], right: [0, -1], up: [1, 0], angle };
    default:
      return { corner: [x + w, y], right: [1, 0], up: [0, 1], angle: 0 };
  }
}

const along = (origin: Vec, right: Vec, up: Vec, r: number, u: number): Vec => [
  origin[0] + right[0] * r + up[0] * u,
  origin[1] + right[1] * r + up[1] * u,
];

function stampPage(page: PDFPage, font: PDFFont, label: string) {
  const { corner, right, up, angle } = displayFrame(page);
  const width = font.widthOfTextAtSize(label, FONT_SIZE);
  // The baseline starts `width` before the margin on the right, `MARGIN` above the bottom edge.
  const origin = along(corner, right, up, -(MARGIN + width), MARGIN);
  const patch = along(origin, right, up, -PAD, -PAD - DESCENT);
  page.drawRectangle({
    x: patch[0],
    y: patch[1],
    width: width + 2 * PAD,
    height: FONT_SIZE + 2 * PAD,
    color: rgb(1, 1, 1),
    rotate: degrees(angle),
  });
  page.drawText(label, {
    x: origin[0],
    y: origin[1],
    size: FONT_SIZE,
    font,
    color: rgb(0, 0, 0),
    rotate: degrees(angle),
  });
}

/** A stamped copy: page n carries prefix + (first + n), zero-padded. The bytes given are not changed. */
export async function stampBates(
  bytes: Uint8Array,
  options: { prefix: string; first: number; onPage?: (done: number, total: number) => void },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = doc.getPages();
  pages.forEach((page, n) => {
    stampPage(page, font, batesLabel(options.prefix, options.first + n));
    options.onPage?.(n + 1, pages.length);
  });
  return doc.save({ useObjectStreams: false });
}
