import { execFileSync } from 'node:child_process';
import { STATUS } from '@dd/shared';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createPatient,
  createProvider,
  createRequest,
  signedIn,
} from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { get, internalStaff, post } from '../requests/requests.staff-fixtures';
import { type FieldBox, fillablePdf, uploadedFormPdf } from './pdfforms.test-utils';

/**
 * A provider's fillable (AcroForm) release form: its empty boxes are widgets drawn over the page, so a
 * value written into the page under them would not show. The filled form must show every value on screen
 * and on paper: looked at here as poppler draws it (annotations included) and as its text.
 */

/** The page as poppler prints it: 72 dpi greyscale, one byte a pixel, top row first. */
function renderGrey(pdf: Uint8Array) {
  const pgm = execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '1', '-l', '1', '-'], {
    input: Buffer.from(pdf),
  });
  const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 30)) ?? [];
  const header = pgm.length - Number(width) * Number(height);
  return { width: Number(width), pixel: (x: number, y: number) => pgm[header + y * Number(width) + x] };
}

/** Dark pixels in a box given in points from the page's top left. */
function darkPixels(page: ReturnType<typeof renderGrey>, left: number, top: number, w: number, h: number) {
  let dark = 0;
  for (let y = Math.round(top); y < top + h; y++)
    for (let x = Math.round(left); x < left + w; x++) if (page.pixel(x, y) < 128) dark++;
  return dark;
}

async function widgetCount(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().reduce((n, page) => {
    const annots = page.node.Annots();
    if (!annots) return n;
    return (
      n +
      annots
        .asArray()
        .map((a) => doc.context.lookup(a))
        .filter((a) => a instanceof PDFDict && a.get(PDFName.of('Subtype')) === PDFName.of('Widget')).length
    );
  }, 0);
}

const boxes: (FieldBox & { mapped: string })[] = [
  { name: 'Patient Name', mapped: 'Patient.full_name', x: 72, y: 640, width: 220, height: 20 },
  { name: 'Last Name', mapped: 'Patient.last_name', x: 320, y: 640, width: 200, height: 20 },
  { name: 'DOB', mapped: 'Patient.date_of_birth', x: 72, y: 590, width: 120, height: 20 },
  { name: 'From', mapped: 'Request.start_date', x: 72, y: 540, width: 120, height: 20 },
  { name: 'To', mapped: 'Request.end_date', x: 320, y: 540, width: 120, height: 20 },
  { name: 'Law Firm', mapped: 'Company.name', x: 72, y: 490, width: 300, height: 20 },
  // Named as the field it takes: filled by its name, without a mapping.
  { name: 'Provider.name', mapped: '', x: 72, y: 440, width: 300, height: 20 },
];
const checkbox = { name: 'Release all records', x: 72, y: 400, width: 14, height: 14 };

describe('a filled fillable form', () => {
  it('shows every value over the form’s own boxes, flattened so no empty widget covers them', async () => {
    const { deps } = await getContext();
    const staff = await internalStaff();
    const provider = await createProvider(deps.db, { name: `Mercy Fillable ${Date.now()}` });
    const firm = await createCompany(deps.db, { name: 'Okafor & Lane LLP' });
    const paralegal = await signedIn(deps, { companyId: firm.id });
    const patient = await createPatient(deps.db, firm.id, {
      firstName: 'Rosa',
      lastName: 'Delgado',
      dateOfBirth: '1975-03-09',
    });
    const request = await createRequest(deps.db, {
      patientId: patient.id,
      companyId: firm.id,
      userId: paralegal.user.id,
      providerId: provider.id,
      status: STATUS.requestedByLawyer,
      startDate: '2021-01-15',
      endDate: '2024-06-30',
    });
    const created = await post('/api/home/pdfform/', staff.headers, {
      name: 'Mercy fillable release',
      url: await uploadedFormPdf(deps, staff.user.id, await fillablePdf(boxes, checkbox)),
      provider: provider.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const form = created.json();
    for (const box of boxes.filter((b) => b.mapped)) {
      const placed = await post('/api/home/pdfformmapping/', staff.headers, {
        name: box.mapped,
        form: form.id,
        page: form.pages[0].id,
        position_x: (box.x + 3) / 612,
        position_y: 1 - (box.y + 6) / 792,
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }

    const filled = await get(`/writeDataToPDF/${request.id}/provider/`, staff.headers);
    expect(filled.statusCode, filled.body).toBe(200);
    const pdf = new Uint8Array((await get(filled.json().url, {})).rawPayload);

    const values = [
      'Rosa Delgado',
      'Delgado',
      '03/09/1975',
      '01/15/2021',
      '06/30/2024',
      'Okafor & Lane LLP',
      provider.name,
    ];
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdf) }).toString();
    for (const value of values) expect(text).toContain(value);
    expect(await widgetCount(pdf)).toBe(0);

    const page = renderGrey(pdf);
    expect(page.width).toBe(612);
    for (const box of boxes) {
      // The value's first letters, inside its box (poppler's rows count from the top).
      const top = 792 - (box.y + box.height) + 3;
      expect(darkPixels(page, box.x + 3, top, 30, box.height - 6), box.name).toBeGreaterThan(15);
    }
    // The ticked box is still ticked, and an empty one would be blank inside its border.
    const tickTop = 792 - (checkbox.y + checkbox.height);
    expect(darkPixels(page, checkbox.x + 4, tickTop + 4, 6, 6)).toBeGreaterThan(4);
  });
});
