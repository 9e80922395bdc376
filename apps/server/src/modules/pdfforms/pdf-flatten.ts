import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  type PDFContentStream,
  PDFDict,
  type PDFDocument,
  type PDFFont,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRef,
  PDFTextField,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/**
 * A fillable (AcroForm) PDF draws its fields as widgets over the page: a value written into the page
 * under an empty box would not show. So its text fields named like one of our fields are filled, and
 * then every widget is drawn into its page as it looks now and removed, as if printed: the filled form
 * then looks the same in every viewer and on paper, with our values written over it.
 */

/** "Patient.full_name", "Patient Full Name" and "patient_full_name" all name the same field. */
const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Fills the text fields named like a value; answers the names (ours) that went into a field. */
export function fillFieldsByName(doc: PDFDocument, values: Record<string, string>, font: PDFFont) {
  const wanted = new Map(Object.entries(values).map(([name, value]) => [plain(name), { name, value }]));
  const filled = new Set<string>();
  if (!doc.catalog.has(PDFName.of('AcroForm'))) return filled;
  const form = doc.getForm();
  for (const field of form.getFields()) {
    const match = wanted.get(plain(field.getName()));
    if (!match || !(field instanceof PDFTextField) || field.isReadOnly()) continue;
    try {
      const max = field.getMaxLength();
      field.setText(max === undefined ? match.value : match.value.slice(0, max));
      // A field left to size its text to its box ("0 Tf") gets the size mapped values are written in.
      if (/(^|\s)0(\.0+)?\s+Tf/.test(field.acroField.getDefaultAppearance() ?? '')) field.setFontSize(10);
      field.defaultUpdateAppearances(font);
      filled.add(match.name);
    } catch {
      // A field pdf-lib cannot write (an odd font or flag): the mapping draws the value instead.
    }
  }
  return filled;
}

const HIDDEN = 2;
const PRINT = 4;

/**
 * Draws each widget that prints (its Print flag set, Hidden not) as it looks now into its page, as a
 * printer would, then removes the widgets and the form.
 */
export function flattenWidgets(doc: PDFDocument) {
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    const kept = annots.asArray().filter((entry) => {
      const annot = doc.context.lookup(entry);
      if (!(annot instanceof PDFDict) || annot.get(PDFName.of('Subtype')) !== PDFName.of('Widget'))
        return true;
      const flags = annot.lookup(PDFName.of('F'));
      const f = flags instanceof PDFNumber ? flags.asNumber() : 0;
      if (f & PRINT && !(f & HIDDEN)) drawAppearance(doc, page, annot);
      return false;
    });
    if (kept.length) page.node.set(PDFName.of('Annots'), doc.context.obj(kept));
    else page.node.delete(PDFName.of('Annots'));
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
}

/** The normal appearance for the widget's state, placed in its rectangle as the PDF rules say. */
function drawAppearance(doc: PDFDocument, page: PDFPage, widget: PDFDict) {
  const ap = widget.lookup(PDFName.of('AP'));
  if (!(ap instanceof PDFDict)) return;
  let normal = ap.get(PDFName.of('N'));
  const states = doc.context.lookup(normal);
  if (states instanceof PDFDict && !states.has(PDFName.of('BBox'))) {
    const state = widget.get(PDFName.of('AS'));
    normal = state instanceof PDFName ? states.get(state) : undefined;
  }
  if (!(normal instanceof PDFRef)) return;
  const stream = doc.context.lookup(normal) as { dict?: PDFDict } | undefined;
  const rect = numbers(widget.lookup(PDFName.of('Rect')));
  const bbox = numbers(stream?.dict?.lookup(PDFName.of('BBox')));
  if (rect.length !== 4 || bbox.length !== 4) return;
  const [a, b, c, d, e, f] = numbers(stream?.dict?.lookup(PDFName.of('Matrix'))).concat([1, 0, 0, 1, 0, 0]);
  // The box the appearance covers once its own matrix is applied, fitted onto the widget's rectangle.
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [left, bottom] = [Math.min(...xs), Math.min(...ys)];
  const box = { width: Math.max(...xs) - left, height: Math.max(...ys) - bottom };
  if (!box.width || !box.height) return;
  const [rx1, ry1, rx2, ry2] = [
    Math.min(rect[0], rect[2]),
    Math.min(rect[1], rect[3]),
    Math.max(rect[0], rect[2]),
    Math.max(rect[1], rect[3]),
  ];
  const sx = (rx2 - rx1) / box.width;
  const sy = (ry2 - ry1) / box.height;
  const name = page.node.newXObject('FlatWidget', normal);
  drawOnTop(doc, page).push(
    pushGraphicsState(),
    concatTransformationMatrix(sx, 0, 0, sy, rx1 - sx * left, ry1 - sy * bottom),
    drawObject(name),
    popGraphicsState(),
  );
}

const wrapped = new WeakMap<PDFPage, PDFContentStream>();

/**
 * A content stream drawn after the page's own, which is wrapped in q/Q first: whatever state the page
 * leaves (a moved origin, a colour) does not carry over to what is drawn on top.
 */
export function drawOnTop(doc: PDFDocument, page: PDFPage): PDFContentStream {
  let stream = wrapped.get(page);
  if (!stream) {
    const start = doc.context.register(doc.context.contentStream([pushGraphicsState()]));
    const end = doc.context.register(doc.context.contentStream([popGraphicsState()]));
    page.node.normalizedEntries(); // a single content stream becomes an array that can be wrapped
    page.node.wrapContentStreams(start, end);
    stream = doc.context.contentStream([]);
    page.node.addContentStream(doc.context.register(stream));
    wrapped.set(page, stream);
  }
  return stream;
}

function numbers(value: unknown): number[] {
  if (!(value instanceof PDFArray)) return [];
  const out = value.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : Number.NaN));
  return out.every(Number.isFinite) ? out : [];
}
