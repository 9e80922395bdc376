import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/** One-page demo PDFs (records letters, HIPAA authorizations) written under the files directory. */
export interface Letter {
  title: string;
  letterhead: string[];
  heading: string;
  fields: [label: string, value: string][];
  paragraphs: string[];
}

const PAGE = { width: 612, height: 792, margin: 64 };

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function makeLetterPdf(letter: Letter, createdAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(letter.title);
  doc.setProducer('Direct Docs demo data');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, size: number, font = regular, x = PAGE.margin) => {
    page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.15) });
    y -= size + 6;
  };

  letter.letterhead.forEach((line, i) => {
    text(line, i === 0 ? 15 : 9, i === 0 ? bold : regular);
  });
  y -= 4;
  page.drawLine({
    start: { x: PAGE.margin, y },
    end: { x: PAGE.width - PAGE.margin, y },
    thickness: 1,
    color: rgb(0.55, 0.6, 0.7),
  });
  y -= 28;
  text(letter.heading, 14, bold);
  y -= 6;
  for (const [label, value] of letter.fields) {
    page.drawText(`${label}:`, { x: PAGE.margin, y, size: 10, font: bold });
    text(value, 10, regular, PAGE.margin + 130);
  }
  y -= 10;
  for (const paragraph of letter.paragraphs) {
    for (const line of wrap(paragraph, regular, 10.5, width)) text(line, 10.5);
    y -= 8;
  }
  page.drawText('CONFIDENTIAL: protected health information. Demo data, not a real medical record.', {
    x: PAGE.margin,
    y: PAGE.margin - 20,
    size: 8,
    font: regular,
    color: rgb(0.45, 0.45, 0.5),
  });
  return doc.save();
}

/** Writes bytes to filesDir/key (key is a storage key such as 'provider-records/x.pdf'); returns the size. */
export async function writeStoredFile(filesDir: string, key: string, bytes: Uint8Array): Promise<number> {
  const target = path.join(filesDir, ...key.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
  return bytes.byteLength;
}
