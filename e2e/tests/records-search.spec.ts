import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { RECORDS_SEARCH_MSG } from '@dd/shared';
import { confirmAuthorization, orderRequest, pdfOfPages } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Full-text search across received records (decision 060): staff upload a PDF whose second page is a scan
 * (an image, no text); the request shows the indexing until it is 'Searchable'; the firm searches a word
 * that is only on the scanned page, finds it with its page, and the result opens the PDF at that page.
 */

/** A PDF of its objects (numbered from 1, the first the catalog), with its cross-reference table. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/**
 * A PDF of a text page followed by a page scanned at 300 dpi: the second page's text is rendered by
 * `pdftoppm -r 300` into grey pixels and put back as nothing but an image, as a scanner makes it.
 */
function recordsWithScannedPage(textTitle: string, scannedTitle: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dd-e2e-scan-'));
  try {
    writeFileSync(path.join(dir, 'to-scan.pdf'), pdfOfPages(scannedTitle, 1));
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-singlefile',
      path.join(dir, 'to-scan.pdf'),
      path.join(dir, 'scan'),
    ]);
    // PGM: 'P5', width, height, the largest value, then one byte a pixel.
    const pgm = readFileSync(path.join(dir, 'scan.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 50).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = deflateSync(pgm.subarray(header[0].length));
    const text = `BT /F1 18 Tf 72 720 Td (${textTitle}) Tj ET`;
    const draw = 'q 612 0 0 792 0 0 cm /Scan Do Q';
    const records = pdfOf([
      Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
      Buffer.from('<</Type/Pages/Kids[4 0 R 6 0 R]/Count 2>>'),
      Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'),
      Buffer.from(
        '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R>>',
      ),
      Buffer.from(`<</Length ${text.length}>>\nstream\n${text}\nendstream`),
      Buffer.from(
        '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</XObject<</Scan 8 0 R>>>>/Contents 7 0 R>>',
      ),
      Buffer.from(`<</Length ${draw.length}>>\nstream\n${draw}\nendstream`),
      Buffer.concat([
        Buffer.from(
          `<</Type/XObject/Subtype/Image/Width ${width}/Height ${height}/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/FlateDecode/Length ${pixels.length}>>\nstream\n`,
        ),
        pixels,
        Buffer.from('\nendstream'),
      ]),
    ]);
    writeFileSync(path.join(dir, 'records.pdf'), records);
    // The scanned page really has no text of its own; the first page has.
    const read = (n: number) =>
      execFileSync('pdftotext', ['-f', String(n), '-l', String(n), path.join(dir, 'records.pdf'), '-'], {
        encoding: 'utf8',
      }).trim();
    expect([read(1), read(2)]).toEqual([textTitle, '']);
    return records;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a word on a scanned page is found by the firm once the upload is indexed', async ({
  page,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await orderRequest(request);
  await confirmAuthorization(request, order.id);
  const records = recordsWithScannedPage(
    'Emergency room visit',
    'Discharge medication Quetiapine prescribed',
  );

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: "I've sent the email" }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Upload Medical Documents/ }).click();
  await (await chooser).setFiles([{ name: 'er-visit.pdf', mimeType: 'application/pdf', buffer: records }]);
  await page.getByRole('button', { name: 'Verify er-visit.pdf' }).click();
  // Indexing (OCR of the scanned page) runs in the job queue; the request shows it until it is done.
  await expect(page.getByText(RECORDS_SEARCH_MSG.searchable)).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page, 'staff request with the records searchable');

  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: RECORDS_SEARCH_MSG.title }).click();
  await expect(page.getByRole('heading', { name: RECORDS_SEARCH_MSG.title })).toBeVisible();
  await expect(page.getByText(RECORDS_SEARCH_MSG.prompt)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'records search before searching');

  await page.getByRole('searchbox', { name: RECORDS_SEARCH_MSG.label }).fill('quetiapine');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  const open = results.getByRole('link', { name: RECORDS_SEARCH_MSG.openPage('er-visit.pdf', 2) });
  // Earlier runs left the same word in other requests: this request's result is the one looked at.
  const card = results
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Request #${order.id}` }) });
  await expect(card).toBeVisible();
  await expect(card.locator('mark')).toHaveText([/quetiapine/i]);
  await expect(
    card.getByRole('link', { name: RECORDS_SEARCH_MSG.openPage('er-visit.pdf', 2) }),
  ).toHaveAttribute('href', /^\/files\/.+\/er-visit\.pdf#page=2$/);
  await shot(page, 'records-search-results');
  await expectNoSeriousA11yViolations(page, 'records search results');

  // The result opens the PDF itself (the browser is sent to the page with #page=2).
  const href = await card
    .getByRole('link', { name: RECORDS_SEARCH_MSG.openPage('er-visit.pdf', 2) })
    .getAttribute('href');
  const pdf = await request.get(href!.replace(/#.*$/, ''));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
  expect(await open.count()).toBeGreaterThanOrEqual(1);

  await page.getByRole('searchbox', { name: RECORDS_SEARCH_MSG.label }).fill('xylophonequartzite');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(RECORDS_SEARCH_MSG.empty('xylophonequartzite'))).toBeVisible();
});
