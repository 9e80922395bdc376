import {
  type Billing,
  feeApprovalCaption,
  formatDate,
  formatMoney,
  type InvoiceLine,
  type InvoiceTotals,
} from '@dd/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The invoice PDF of a billing (pdf-lib, standard fonts): who is billed, the period its requests cover,
 * one row per line, the totals and how to pay. US Letter, landscape, as many pages as the lines need.
 */

export interface InvoicePdfInput {
  billing: Billing;
  company: { name: string; address: string[] };
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  paymentInstructions: string;
}

const PAGE = { width: 792, height: 612, margin: 40 };
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.42, 0.47, 0.52);
const BRAND = rgb(0.11, 0.31, 0.5);

const COLUMNS: {
  label: string;
  width: number;
  value: (l: InvoiceLine) => string;
  right?: boolean;
  /** Long values wrap onto more lines instead of being cut. */
  wrap?: boolean;
}[] = [
  {
    label: 'Request',
    width: 62,
    value: (l) => `${l.request.internal_number ?? l.request.id}${l.request.rush ? ' rush' : ''}`,
  },
  { label: 'Date', width: 54, value: (l) => formatDate(l.request.created_at) },
  { label: 'Client', width: 102, value: (l) => l.request.client, wrap: true },
  { label: 'Provider', width: 112, value: (l) => l.request.provider ?? '', wrap: true },
  {
    label: 'Status',
    width: 118,
    // A charge the firm had to approve says who approved it, as the invoice screen does.
    value: (l) =>
      l.fee_approval
        ? `${l.request.status}. Provider fee: ${feeApprovalCaption(l.fee_approval, formatDate).replace(/^A/, 'a')}`
        : l.request.status,
    wrap: true,
  },
  { label: 'Fee', width: 50, value: (l) => formatMoney(l.price), right: true },
  { label: 'Provider cost', width: 60, value: (l) => formatMoney(l.provider_cost), right: true },
  { label: 'Page fee', width: 48, value: (l) => formatMoney(l.page_fee), right: true },
  { label: 'Surcharge', width: 50, value: (l) => formatMoney(l.auto_added_surcharge), right: true },
  { label: 'Total', width: 0, value: (l) => formatMoney(l.total), right: true },
];
COLUMNS[COLUMNS.length - 1].width =
  PAGE.width - 2 * PAGE.margin - COLUMNS.slice(0, -1).reduce((sum, c) => sum + c.width, 0);

/** Standard fonts only carry WinAnsi characters. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/**
 * Breaks text into lines that fit a width: at spaces, after a hyphen or slash, and inside a word only
 * when a piece alone is too wide.
 */
function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const pieces = winAnsi(text)
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=[-/])/).map((piece, i) => ({ piece, glue: i === 0 ? ' ' : '' })));
  const lines: string[] = [];
  let line = '';
  for (const { piece, glue } of pieces) {
    const joined = line ? line + glue + piece : piece;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of piece) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Shortens text to fit a width, with an ellipsis (headings and single-line facts). */
function fitText(font: PDFFont, text: string, size: number, width: number): string {
  const safe = winAnsi(text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export async function invoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${input.billing.id}: ${input.billing.title}`);
  doc.setAuthor('Direct Docs');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (page: PDFPage, value: string, x: number, y: number, size = 9, f = font, color = INK) =>
    page.drawText(value, { x, y, size, font: f, color });

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  text(page, 'Direct Docs', PAGE.margin, y - 6, 20, bold, BRAND);
  text(page, 'INVOICE', PAGE.width - PAGE.margin - bold.widthOfTextAtSize('INVOICE', 20), y - 6, 20, bold);
  y -= 34;
  const dates = input.lines.map((l) => l.request.created_at).sort();
  const facts = [
    ['Invoice', `#${input.billing.id} - ${input.billing.title}`],
    ['Date', formatDate(input.billing.created_at)],
    ['Period', dates.length ? `${formatDate(dates[0])} to ${formatDate(dates[dates.length - 1])}` : '-'],
    ['Status', input.billing.is_paid ? `Paid ${formatDate(input.billing.paid_at)}` : 'Not paid'],
  ];
  for (const [label, value] of facts) {
    text(page, label, PAGE.width - 300, y, 9, bold, MUTED);
    text(page, fitText(font, value, 9, 210), PAGE.width - 250, y);
    y -= 13;
  }
  let left = PAGE.height - PAGE.margin - 34;
  text(page, 'Billed to', PAGE.margin, left, 9, bold, MUTED);
  for (const line of [input.company.name, ...input.company.address]) {
    left -= 13;
    text(
      page,
      fitText(font, line, 10, 300),
      PAGE.margin,
      left,
      10,
      line === input.company.name ? bold : font,
    );
  }
  y = Math.min(y, left) - 24;

  const header = (p: PDFPage, at: number) => {
    p.drawRectangle({
      x: PAGE.margin,
      y: at - 4,
      width: PAGE.width - 2 * PAGE.margin,
      height: 16,
      color: rgb(0.93, 0.95, 0.97),
    });
    let x = PAGE.margin;
    for (const c of COLUMNS) {
      const label = fitText(bold, c.label, 8, c.width - 6);
      const dx = c.right ? c.width - 4 - bold.widthOfTextAtSize(label, 8) : 3;
      text(p, label, x + dx, at, 8, bold);
      x += c.width;
    }
    return at - 16;
  };
  y = header(page, y);
  const LINE = 10;
  for (const line of input.lines) {
    const cells = COLUMNS.map((c) =>
      c.wrap ? wrapText(font, c.value(line), 8, c.width - 6) : [fitText(font, c.value(line), 8, c.width - 6)],
    );
    const height = Math.max(...cells.map((lines) => lines.length)) * LINE + 3;
    if (y - height < PAGE.margin + 50) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = header(page, PAGE.height - PAGE.margin);
    }
    let x = PAGE.margin;
    COLUMNS.forEach((c, i) => {
      cells[i].forEach((value, n) => {
        const dx = c.right ? c.width - 4 - font.widthOfTextAtSize(value, 8) : 3;
        text(page, value, x + dx, y - n * LINE, 8);
      });
      x += c.width;
    });
    y -= height;
  }

  if (y < PAGE.margin + 90) {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  }
  y -= 8;
  page.drawLine({
    start: { x: PAGE.width - 300, y: y + 10 },
    end: { x: PAGE.width - PAGE.margin, y: y + 10 },
    thickness: 0.8,
    color: MUTED,
  });
  const sums: [string, string][] = [
    ['Fees', input.totals.price],
    ['Provider costs', input.totals.provider_cost],
    ['Page fees', input.totals.page_fee],
    ['Surcharges', input.totals.auto_added_surcharge],
    ['Total due', input.totals.total],
  ];
  const top = y;
  for (const [label, amount] of sums) {
    const strong = label === 'Total due';
    const value = formatMoney(amount);
    const f = strong ? bold : font;
    text(page, label, PAGE.width - 300, y, strong ? 11 : 9, f);
    text(
      page,
      value,
      PAGE.width - PAGE.margin - f.widthOfTextAtSize(value, strong ? 11 : 9),
      y,
      strong ? 11 : 9,
      f,
    );
    y -= strong ? 16 : 13;
  }
  text(page, 'How to pay', PAGE.margin, top, 9, bold, MUTED);
  let py = top - 13;
  for (const line of input.paymentInstructions.split('\n')) {
    text(page, fitText(font, line, 9, 380), PAGE.margin, py);
    py -= 12;
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    text(
      p,
      `Invoice #${input.billing.id} - page ${i + 1} of ${pages.length}`,
      PAGE.margin,
      20,
      8,
      font,
      MUTED,
    );
  });
  return doc.save();
}
