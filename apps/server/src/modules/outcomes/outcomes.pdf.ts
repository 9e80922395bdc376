import { certificationStatement, formatDate } from '@dd/shared';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/**
 * The certification of no records (decision 058): a one-page US Letter form, pdf-lib and standard fonts,
 * that staff send to the provider; its custodian signs and dates it and the signed copy comes back.
 */
export interface CertificationInput {
  provider: { name: string; address: string[] };
  patient: { name: string; dateOfBirth: string | null };
  datesOfService: { start: string | null; end: string | null };
  requestNumber: string;
  firmName: string;
}

const PAGE = { width: 612, height: 792, margin: 64 };
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.42, 0.47, 0.52);
const BRAND = rgb(0.11, 0.31, 0.5);

/** Standard fonts only carry WinAnsi characters. */
const winAnsi = (text: string) => text.replace(/[’‘]/g, "'").replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(joined, size) > width) {
      lines.push(line);
      line = word;
    } else line = joined;
  }
  if (line) lines.push(line);
  return lines;
}

function datesAsked({ start, end }: CertificationInput['datesOfService']): string {
  if (start && end) return `${formatDate(start)} to ${formatDate(end)}`;
  if (start) return `From ${formatDate(start)}`;
  if (end) return `Up to ${formatDate(end)}`;
  return 'All dates';
}

export async function certificationPdf(input: CertificationInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Certification of No Records');
  doc.setCreator('Direct Docs');
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const text = (
    value: string,
    options: { font?: PDFFont; size?: number; color?: typeof INK; x?: number } = {},
  ) => {
    const size = options.size ?? 11;
    page.drawText(winAnsi(value), {
      x: options.x ?? PAGE.margin,
      y,
      size,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });
  };

  text('CERTIFICATION OF NO RECORDS', { font: bold, size: 18, color: BRAND });
  y -= 18;
  text(`Direct Docs request #${input.requestNumber}, on behalf of ${input.firmName}`, {
    size: 9,
    color: MUTED,
  });
  y -= 34;

  const facts: [string, string[]][] = [
    ['Provider', [input.provider.name, ...input.provider.address]],
    ['Patient', [input.patient.name]],
    ['Date of birth', [input.patient.dateOfBirth ? formatDate(input.patient.dateOfBirth) : 'Not given']],
    ['Dates of service asked', [datesAsked(input.datesOfService)]],
  ];
  for (const [label, values] of facts) {
    text(label, { font: bold, size: 10, color: MUTED });
    for (const value of values) {
      text(value, { x: PAGE.margin + 150 });
      y -= 15;
    }
    y -= 6;
  }
  y -= 14;
  for (const line of wrap(regular, certificationStatement(input.provider.name), 11, width)) {
    text(line);
    y -= 16;
  }
  y -= 10;
  text('I declare under penalty of perjury that the foregoing is true and correct.');
  y -= 64;

  const signatureLine = (label: string, x: number, length: number) => {
    page.drawLine({ start: { x, y }, end: { x: x + length, y }, thickness: 0.8, color: INK });
    page.drawText(label, { x, y: y - 13, size: 9, font: regular, color: MUTED });
  };
  signatureLine('Signature of the custodian of records', PAGE.margin, 300);
  signatureLine('Date', PAGE.margin + 330, width - 330);
  y -= 56;
  signatureLine('Printed name', PAGE.margin, 300);
  signatureLine('Title', PAGE.margin + 330, width - 330);
  y -= 56;
  signatureLine('Telephone', PAGE.margin, 300);
  y = PAGE.margin;
  text('Please sign, date and return this page to Direct Docs with your answer to the request.', {
    size: 9,
    color: MUTED,
  });
  return doc.save();
}
