import { createHash } from 'node:crypto';
import {
  AUTHORIZATION_TITLE,
  type AuthorizationSection,
  SIGNING_EVENT_LABELS,
  type SigningEvent,
} from '@dd/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The signed authorization as a PDF: the sections the client read, the signature (drawn or typed), and a
 * certificate page naming the signer, their e-mail, time, IP address and browser, and the audit trail.
 * The certificate prints the SHA-256 of the signed pages as they were before it was added; that PDF is
 * attached inside the final one (authorization.pdf), so anyone can take it out and check the hash.
 */
export interface SignedPdfInput {
  sections: AuthorizationSection[];
  signerName: string;
  /** Set when a personal representative signed for the patient: their relationship and authority. */
  representativeAuthority?: string | null;
  /** A PNG, or none for a typed signature. */
  signaturePng: Uint8Array | null;
  signedOn: string;
  certificate: {
    email: string;
    signedAt: Date;
    ip: string | null;
    userAgent: string | null;
    events: { event: SigningEvent; at: Date; ip: string | null; userAgent: string | null }[];
  };
}

const ATTACHED_AUTHORIZATION_NAME = 'authorization.pdf';

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.4, 0.45, 0.5);

/** Standard fonts write WinAnsi only: anything else is shown as '?'. */
const printable = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) lines.push(line);
        // A word wider than the line (a user agent, a hash) is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes lines down the page, starting a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont; mono: PDFFont },
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }
  text(text: string, options: { font?: PDFFont; size?: number; gap?: number; color?: typeof INK } = {}) {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? 10;
    for (const line of wrap(font, text, size, WIDTH)) {
      this.room(size * 1.4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 10;
  }
}

async function fontsOf(doc: PDFDocument) {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
}

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** The authorization as signed, without the certificate: the bytes whose hash the certificate prints. */
async function authorizationPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(AUTHORIZATION_TITLE);
  doc.setCreator('Direct Docs');
  doc.setProducer('Direct Docs');
  // Fixed dates keep the bytes a function of what was signed.
  doc.setCreationDate(input.certificate.signedAt);
  doc.setModificationDate(input.certificate.signedAt);
  const fonts = await fontsOf(doc);
  const w = new Writer(doc, fonts);
  w.text(AUTHORIZATION_TITLE, { font: fonts.bold, size: 15, gap: 4 });
  w.text('Under the HIPAA Privacy Rule, 45 CFR 164.508', { size: 9, color: MUTED, gap: 8 });
  w.rule();
  for (const section of input.sections) {
    w.room(40);
    w.text(section.heading, { font: fonts.bold, size: 10.5, gap: 1 });
    w.text(section.text, { gap: 8 });
  }
  w.room(130);
  w.rule();
  w.text('Signature', { font: fonts.bold, size: 10.5, gap: 4 });
  if (input.signaturePng) {
    const image = await doc.embedPng(input.signaturePng);
    const scale = Math.min(240 / image.width, 60 / image.height, 1);
    const height = image.height * scale;
    w.page.drawImage(image, { x: MARGIN, y: w.y - height, width: image.width * scale, height });
    w.y -= height + 6;
  } else {
    w.text(input.signerName, { font: fonts.italic, size: 22, gap: 2 });
  }
  w.text(`Signed by: ${input.signerName}`);
  if (input.representativeAuthority) {
    w.text(`Signed as the patient's personal representative. ${input.representativeAuthority}`);
  }
  w.text(
    `Date signed: ${input.signedOn.slice(5, 7)}/${input.signedOn.slice(8, 10)}/${input.signedOn.slice(0, 4)}`,
  );
  w.text('Signed electronically through Direct Docs. The signing certificate follows.', {
    size: 9,
    color: MUTED,
  });
  return doc.save();
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The final PDF (authorization pages, then the certificate) and the hash the certificate prints. */
export async function buildSignedPdf(input: SignedPdfInput): Promise<{ pdf: Uint8Array; sha256: string }> {
  const signed = await authorizationPdf(input);
  const sha256 = sha256Hex(signed);
  const source = await PDFDocument.load(signed);
  const doc = await PDFDocument.create();
  doc.setTitle(AUTHORIZATION_TITLE);
  doc.setCreator('Direct Docs');
  doc.setProducer('Direct Docs');
  doc.setCreationDate(input.certificate.signedAt);
  doc.setModificationDate(input.certificate.signedAt);
  for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  const pages = source.getPageCount();
  await doc.attach(signed, ATTACHED_AUTHORIZATION_NAME, {
    mimeType: 'application/pdf',
    description: 'The signed authorization before the certificate page; its SHA-256 is on the certificate.',
    creationDate: input.certificate.signedAt,
    modificationDate: input.certificate.signedAt,
  });
  const fonts = await fontsOf(doc);
  const w = new Writer(doc, fonts);
  const c = input.certificate;
  w.text('Signing certificate', { font: fonts.bold, size: 15, gap: 8 });
  w.rule();
  const field = (label: string, value: string, font = fonts.regular) => {
    w.text(label, { font: fonts.bold, size: 9, color: MUTED });
    w.text(value, { font, gap: 6 });
  };
  field('Document', `${AUTHORIZATION_TITLE} (pages 1-${pages})`);
  field('Signer', input.signerName);
  if (input.representativeAuthority) field('Signing for the patient as', input.representativeAuthority);
  field('E-mail', c.email);
  field('Signed at', utc(c.signedAt));
  field('IP address', c.ip ?? 'unknown');
  field('User agent', c.userAgent ?? 'unknown');
  field('Identity', 'Confirmed by the signer\u2019s date of birth before the document was shown.');
  field(`SHA-256 of the signed document (attached as ${ATTACHED_AUTHORIZATION_NAME})`, sha256, fonts.mono);
  w.rule();
  w.text('Audit trail', { font: fonts.bold, size: 10.5, gap: 4 });
  for (const e of c.events) {
    w.room(36);
    w.text(`${utc(e.at)}  ${SIGNING_EVENT_LABELS[e.event]}  ${e.ip ?? ''}`, { size: 9 });
    if (e.userAgent) w.text(e.userAgent, { size: 8, color: MUTED });
    w.y -= 3;
  }
  return { pdf: await doc.save(), sha256 };
}
