import { PACKAGE_INDEX_COLUMNS } from '@dd/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * index.pdf of a records package (runs in the PDF worker): the same rows as index.csv, as a table on
 * landscape Letter pages, the header repeated on each page.
 */
export interface IndexRow {
  begBates: string;
  endBates: string;
  pages: number;
  provider: string;
  datesOfService: string;
  fileName: string;
  sha256: string;
}

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const SIZE = 7;
const HASH_SIZE = 5;
const ROW = 14;
const WIDTHS = [70, 70, 32, 120, 90, 138, 200];

/** Standard fonts write WinAnsi only: anything else is shown as '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function fitText(font: PDFFont, text: string, size: number, width: number): string {
  let value = printable(text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > width) value = value.slice(0, -1);
  return `${value}...`;
}

export async function buildIndexPdf(title: string, rows: IndexRow[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(title));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  let page: PDFPage = doc.addPage(PAGE);
  let y = 0;

  const cells = (values: string[], options: { header?: boolean }) => {
    let x = MARGIN;
    values.forEach((value, i) => {
      const isHash = i === values.length - 1 && !options.header;
      const f = options.header ? bold : isHash ? mono : font;
      const size = isHash ? HASH_SIZE : SIZE;
      page.drawText(fitText(f, value, size, WIDTHS[i] - 4), { x: x + 2, y, size, font: f });
      x += WIDTHS[i];
    });
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: PAGE[0] - MARGIN, y: y - 4 },
      thickness: 0.4,
      color: rgb(0.7, 0.7, 0.7),
    });
    y -= ROW;
  };
  const newPage = (first: boolean) => {
    if (!first) page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    page.drawText(fitText(bold, title, 11, PAGE[0] - 2 * MARGIN), { x: MARGIN, y, size: 11, font: bold });
    y -= 22;
    cells([...PACKAGE_INDEX_COLUMNS], { header: true });
  };

  newPage(true);
  for (const row of rows) {
    if (y < MARGIN) newPage(false);
    cells(
      [
        row.begBates,
        row.endBates,
        String(row.pages),
        row.provider,
        row.datesOfService,
        row.fileName,
        row.sha256,
      ],
      {},
    );
  }
  return doc.save();
}
