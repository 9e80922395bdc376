import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiLogin, confirmAuthorization, orderRequest, pdfOfPages } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';
import { recordsWithScannedPage } from './scanned-pdf';

/**
 * The records package (decisions 056 and 060): staff upload two PDFs, one with a scanned page (an image, no
 * text), and send them to the firm; the firm sees each file's SHA-256 and Bates range, downloads the
 * package, and its SHA256SUMS passes `sha256sum -c`; the Bates numbers run on without a gap and `pdftotext`
 * reads them on every page; a search for a word only on the scanned page finds it with its Bates number;
 * the download is on the file's history.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A prefix of this run's own (letters only), so the numbers found are this run's. */
const prefix = `E${Array.from({ length: 5 }, (_, i) => String.fromCharCode(65 + ((Date.now() >> (i * 4)) % 26))).join('')}`;

test('staff deliver two PDFs; the firm downloads a Bates-stamped package whose checksums verify', async ({
  page,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await orderRequest(request);
  await confirmAuthorization(request, order.id);
  const firm = await apiLogin(request, 'paralegal@smithlaw.example');

  // The firm sets the matter's Bates prefix on the client form (from the request's Edit Client).
  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('link', { name: 'Edit Request' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const clientForm = page.getByRole('dialog', { name: 'Edit Client' });
  await clientForm.getByLabel(/^Bates prefix/).fill(prefix.toLowerCase());
  await expect(clientForm.getByLabel(/^Bates prefix/)).toHaveValue(prefix);
  await expectNoSeriousA11yViolations(page, 'edit client dialog with the Bates prefix');
  await clientForm.getByRole('button', { name: 'Save Client' }).click();
  await expect(clientForm).toBeHidden();
  const client = await (await request.get(`/api/home/patient/${order.client.id}/`, { headers: firm })).json();
  expect(client.bates_prefix).toBe(prefix);
  const notes = pdfOfPages('Clinic notes', 2);
  const mri = recordsWithScannedPage('MRI lumbar report', 'Discharge medication Quetiapine prescribed');

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: "I've sent the email" }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Upload Medical Documents/ }).click();
  await (await chooser).setFiles([
    { name: 'clinic-notes.pdf', mimeType: 'application/pdf', buffer: notes },
    { name: 'mri-report.pdf', mimeType: 'application/pdf', buffer: mri },
  ]);
  for (const name of ['clinic-notes.pdf', 'mri-report.pdf'])
    await page.getByRole('button', { name: `Verify ${name}` }).click();
  await expect(page.getByText(`SHA-256: ${sha256(notes)}`)).toBeVisible();
  await expect(page.getByText(`SHA-256: ${sha256(mri)}`)).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'staff request with file hashes');
  await page.getByRole('button', { name: 'Send Request To Lawyer' }).click();
  await page
    .getByRole('dialog', { name: 'Send the records to the law firm?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByText('Email Sent!')).toBeVisible();

  // Stamping runs in the job queue: the package is ready within a few polls (staff's downloads do not
  // count as the firm's).
  const staff = await apiLogin(request, 'staff@directdocs.example');
  await expect
    .poll(
      async () => (await request.get(`/api/home/request/${order.id}/package/`, { headers: staff })).status(),
      {
        timeout: 30_000,
      },
    )
    .toBe(200);

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const detail = await (await request.get(`/api/home/request/${order.id}/`, { headers: firm })).json();
  const ranges = detail.files
    .filter((f: { supporting_file: boolean }) => !f.supporting_file)
    .map((f: { name: string; bates_start: string; bates_end: string }) => [
      f.name,
      f.bates_start,
      f.bates_end,
    ]);
  expect(ranges.map((r: string[]) => r[0])).toEqual(['clinic-notes.pdf', 'mri-report.pdf']);
  const number = (label: string) => Number(label.slice(prefix.length));
  const first = number(ranges[0][1]);
  expect(ranges.map((r: string[]) => [number(r[1]), number(r[2])])).toEqual([
    [first, first + 1],
    [first + 2, first + 3],
  ]);
  await expect(page.getByText(`Bates ${ranges[0][1]} – ${ranges[0][2]}`)).toBeVisible();
  await expect(page.getByText(`SHA-256: ${sha256(notes)}`)).toBeVisible();
  await shot(page, 'records-package-firm-request');
  await expectNoSeriousA11yViolations(page, 'firm request with Bates numbers and hashes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download records package' }).click();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dd-records-package-'));
  const zip = path.join(dir, 'package.zip');
  await (await download).saveAs(zip);
  execFileSync('unzip', ['-q', zip, '-d', path.join(dir, 'out')]);
  const out = path.join(dir, 'out');
  const check = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  expect(readdirSync(out).sort()).toEqual(['SHA256SUMS', 'index.csv', 'index.pdf', 'records']);

  const text = readdirSync(path.join(out, 'records'))
    .sort()
    .map((file) => execFileSync('pdftotext', [path.join(out, 'records', file), '-'], { encoding: 'utf8' }))
    .join('\n');
  const found = [...text.matchAll(new RegExp(`${prefix}(\\d{7})`, 'g'))].map((m) => Number(m[1]));
  expect(found).toEqual([first, first + 1, first + 2, first + 3]);
  expect(text).toContain('MRI lumbar report');
  const csv = readFileSync(path.join(out, 'index.csv'), 'utf8');
  expect(csv).toContain(`${ranges[1][1]},${ranges[1][2]},2,`);

  // The scanned page was read (OCR in the job queue): the firm finds its word, with the page's Bates number.
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/search/records/?q=quetiapine', { headers: firm });
        const body = (await res.json()) as {
          results: { request: { id: number }; page: number; bates: string }[];
        };
        return body.results.filter((r) => r.request.id === order.id).map((r) => [r.page, r.bates]);
      },
      { timeout: 60_000 },
    )
    .toEqual([[2, `${prefix}${String(first + 3).padStart(7, '0')}`]]);

  // The package's files are on their download history.
  await page.reload();
  await page.getByRole('button', { name: 'Download history of mri-report.pdf' }).click();
  const history = page.getByRole('dialog', { name: 'Download history: mri-report.pdf' });
  await expect(history.getByRole('cell', { name: 'Downloaded', exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'download history of a packaged file');
});
