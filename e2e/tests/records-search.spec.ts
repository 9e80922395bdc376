import { RECORDS_SEARCH_MSG } from '@dd/shared';
import { confirmAuthorization, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';
import { recordsWithScannedPage } from './scanned-pdf';

/**
 * Full-text search across received records (decision 060): staff upload a PDF whose second page is a scan
 * (an image, no text); the request shows the indexing until it is 'Searchable'; the firm searches a word
 * that is only on the scanned page, finds it with its page, and the result opens the PDF at that page.
 */

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
