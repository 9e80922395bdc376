import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { pdfPool } from '../../modules/pdfforms/pdf-pool';
import type { Tx } from '../client';
import { pdfFormMappings, pdfFormPages, pdfForms } from '../schema';
import { writeStoredFile } from './pdf';

/**
 * Demo PDF forms: St. Catherine's records release form and Smith Law Group's authorization,
 * each a one-page form with labelled lines, its page image, and a field mapped onto every line, so a
 * request's filled forms can be opened straight away.
 */
const PAGE = { width: 612, height: 792, margin: 64 };

interface DemoForm {
  kind: 'company' | 'provider';
  ownerName: string;
  title: string;
  intro: string;
  /** Each line: its label and the field written on it. */
  lines: [label: string, field: string][];
}

const FORMS: DemoForm[] = [
  {
    kind: 'provider',
    ownerName: 'St. Catherine Regional Medical Center',
    title: 'Request for Release of Medical Records',
    intro: 'St. Catherine Regional Medical Center, Health Information Management, 2150 Memorial Dr.',
    lines: [
      ['Patient name', 'Patient.full_name'],
      ['Date of birth', 'Patient.date_of_birth'],
      ['Patient address', 'Patient.address_1'],
      ['Records requested', 'Request.request_type'],
      ['Treatment from', 'Request.start_date'],
      ['Treatment to', 'Request.end_date'],
      ['Release records to', 'Company.name'],
      ['Requester reference #', 'Request.internal_number'],
      ['Date of request', 'Request.today'],
    ],
  },
  {
    kind: 'company',
    ownerName: 'Smith Law Group',
    title: 'Authorization to Obtain Medical Records',
    intro: 'Smith Law Group requests the records below for its client, who has authorized their release.',
    lines: [
      ['Client', 'Patient.full_name'],
      ['Date of birth', 'Patient.date_of_birth'],
      ['Provider', 'Provider.name'],
      ['Provider address', 'Provider.address_1'],
      ['Records requested', 'Request.request_type'],
      ['Dates of service', 'Request.start_date'],
      ['Our reference #', 'Request.internal_number'],
      ['Date', 'Request.today'],
    ],
  },
];

const LABEL_X = PAGE.margin;
const VALUE_X = PAGE.margin + 160;
const FIRST_LINE = 230;
const LINE_GAP = 42;

async function formPdf(form: DemoForm): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(form.title);
  doc.setProducer('Direct Docs demo data');
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  page.drawText(form.ownerName, { x: PAGE.margin, y: PAGE.height - 72, size: 15, font: bold, color: ink });
  page.drawText(form.title, { x: PAGE.margin, y: PAGE.height - 110, size: 18, font: bold, color: ink });
  page.drawText(form.intro, { x: PAGE.margin, y: PAGE.height - 140, size: 9.5, font: regular, color: ink });
  form.lines.forEach(([label], i) => {
    const y = PAGE.height - (FIRST_LINE + i * LINE_GAP);
    page.drawText(`${label}:`, { x: LABEL_X, y, size: 10.5, font: bold, color: ink });
    page.drawLine({
      start: { x: VALUE_X - 4, y: y - 3 },
      end: { x: PAGE.width - PAGE.margin, y: y - 3 },
      thickness: 0.7,
      color: rgb(0.5, 0.5, 0.55),
    });
  });
  const sign = PAGE.height - (FIRST_LINE + form.lines.length * LINE_GAP + 40);
  page.drawText('Signature: _______________________________     Date: ______________', {
    x: PAGE.margin,
    y: sign,
    size: 10.5,
    font: regular,
    color: ink,
  });
  page.drawText('Demo form: not a real authorization.', {
    x: PAGE.margin,
    y: PAGE.margin - 20,
    size: 8,
    font: regular,
    color: rgb(0.45, 0.45, 0.5),
  });
  return doc.save();
}

export async function insertDemoForms(
  tx: Tx,
  filesDir: string,
  owners: { providers: { id: number; name: string }[]; firms: { id: number; name: string }[] },
): Promise<void> {
  for (const form of FORMS) {
    const owner = (form.kind === 'provider' ? owners.providers : owners.firms).find(
      (o) => o.name === form.ownerName,
    );
    if (!owner) continue;
    const bucket = form.kind === 'provider' ? 'provider-forms' : 'company-forms';
    const slug = form.ownerName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const bytes = await formPdf(form);
    const url = `${bucket}/demo-${slug}-form.pdf`;
    await writeStoredFile(filesDir, url, bytes);
    const { pages } = await pdfPool().render(bytes);
    const page = pages?.[0];
    if (!page) continue;
    const imageUrl = `${bucket}/pages/demo-${slug}-page-1.jpg`;
    await writeStoredFile(filesDir, imageUrl, new Uint8Array(page.jpeg));
    const [row] = await tx
      .insert(pdfForms)
      .values({
        name: form.title,
        url,
        kind: form.kind,
        companyId: form.kind === 'company' ? owner.id : null,
        providerId: form.kind === 'provider' ? owner.id : null,
      })
      .returning({ id: pdfForms.id });
    const [pageRow] = await tx
      .insert(pdfFormPages)
      .values({ formId: row.id, pageNumber: 1, imageUrl, width: page.width, height: page.height })
      .returning({ id: pdfFormPages.id });
    await tx.insert(pdfFormMappings).values(
      form.lines.map(([, field], i) => ({
        name: field,
        formId: row.id,
        pageId: pageRow.id,
        positionX: VALUE_X / PAGE.width,
        // On the line, where its label's baseline is.
        positionY: (FIRST_LINE + i * LINE_GAP) / PAGE.height,
      })),
    );
  }
}
