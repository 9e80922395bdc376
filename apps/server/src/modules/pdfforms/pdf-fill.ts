import { PDF_FORM_MSG } from '@dd/shared';
import { EncryptedPDFError, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { drawOnTop, fillFieldsByName, flattenWidgets } from './pdf-flatten';
import { PdfRefusal } from './pdf-refusal';

/**
 * Writes values onto a PDF with pdf-lib. A placement's position is where the text starts on its line:
 * the left end of its baseline, as fractions of the page's visible width and height from the top left
 * (the page image the mapping was placed on). Text that would run off the page is set smaller, then cut.
 */
export interface Placement {
  /** The field's name, such as Patient.full_name. */
  name: string;
  pageNumber: number;
  x: number;
  y: number;
  text: string;
}

const SIZE = 10;
const MIN_SIZE = 6;
const MARGIN = 4;

/**
 * `values` are every field's value by name: a fillable PDF's text field named like one is filled with it
 * (and its mapping, if any, not drawn again); then the form is flattened and the mappings drawn on top.
 */
export async function fillPdf(
  source: Uint8Array,
  placements: Placement[],
  values: Record<string, string> = {},
): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(source);
  } catch (error) {
    throw new PdfRefusal(
      error instanceof EncryptedPDFError ? PDF_FORM_MSG.encrypted : PDF_FORM_MSG.unreadable,
    );
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const clean = Object.entries(values).map(([name, v]) => [
    name,
    safeText(v.replace(/\s+/g, ' ').trim(), font),
  ]);
  const inFields = fillFieldsByName(doc, Object.fromEntries(clean.filter(([, v]) => v)), font);
  flattenWidgets(doc);
  const pages = doc.getPages();
  for (const p of placements) {
    const page = pages[p.pageNumber - 1];
    const text = p.text.replace(/\s+/g, ' ').trim();
    if (!page || !text || inFields.has(p.name)) continue;
    drawOnTop(doc, page);
    const box = page.getCropBox();
    const x = box.x + p.x * box.width;
    const y = box.y + box.height - p.y * box.height;
    const room = Math.max(box.x + box.width - MARGIN - x, 0);
    let size = SIZE;
    while (size > MIN_SIZE && font.widthOfTextAtSize(text, size) > room) size -= 0.5;
    let shown = text;
    while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > room) shown = `${shown.slice(0, -2)}…`;
    page.drawText(safeText(shown, font), { x, y, size, font, color: rgb(0, 0, 0) });
  }
  // The form is gone: nothing is left whose appearance pdf-lib would regenerate.
  return doc.save({ updateFieldAppearances: false });
}

/** Helvetica (WinAnsi) cannot draw every character: unknown ones become '?' rather than failing the form. */
function safeText(text: string, font: { encodeText(t: string): unknown }): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}
