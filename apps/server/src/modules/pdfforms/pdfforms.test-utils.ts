import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { uploadKey } from '../../../test/factories';
import type { AppDeps } from '../../app-types';
import { insertFormWithPage } from './pdfforms.queries';

/** A real PDF of letter-size pages, each titled, as a form template would be. */
export async function formPdf(pageCount = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pageCount; n++) {
    doc.addPage([612, 792]).drawText(`Authorization page ${n}`, { x: 72, y: 720, size: 18, font });
  }
  return doc.save();
}

/** The PDF stored as the user's own upload to the form bucket: the key a form is created with. */
export async function uploadedFormPdf(
  deps: AppDeps,
  userId: number,
  bytes?: Uint8Array,
  bucket = 'provider-forms',
) {
  const key = uploadKey(userId, bucket, 'form.pdf');
  await deps.storage.put(key, Readable.from([Buffer.from(bytes ?? (await formPdf()))]), {
    contentType: 'application/pdf',
  });
  return key;
}

/** A provider's form with one page row (its image not rendered), straight into the database. */
export async function storedForm(deps: AppDeps, providerId: number, userId: number) {
  const url = await uploadedFormPdf(deps, userId);
  return insertFormWithPage(
    deps.db,
    { name: 'Release', url, kind: 'provider', providerId },
    (formId) => `provider-forms/pages/${formId}-page-1.jpg`,
  );
}

/** A PDF locked with a password (a standard security handler whose user password is not empty). */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const text = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  const hex = (bytes: number) => `<${'ab'.repeat(bytes)}>`;
  const locked = text.replace(
    'trailer\n<<',
    `trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex(32)} /U ${hex(32)} /P -4 >>\n/ID [${hex(16)} ${hex(16)}]`,
  );
  return new Uint8Array(Buffer.from(locked, 'latin1'));
}

/** A box of a fillable form, in PDF points from the bottom left of a letter page. */
export interface FieldBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A fillable (AcroForm) release form as providers send them: labelled text boxes with white backgrounds
 * and borders, and a checkbox already ticked.
 */
export async function fillablePdf(boxes: FieldBox[], checkbox: FieldBox): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Authorization for release of records', { x: 72, y: 740, size: 16, font });
  const form = doc.getForm();
  for (const box of boxes) {
    page.drawText(box.name, { x: box.x, y: box.y + box.height + 3, size: 7, font });
    form.createTextField(box.name).addToPage(page, box);
  }
  const tick = form.createCheckBox(checkbox.name);
  tick.addToPage(page, checkbox);
  tick.check();
  return doc.save();
}
