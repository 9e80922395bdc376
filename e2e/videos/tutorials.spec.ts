import { fillNewClient } from '../tests/api';
import { expect, test } from '../tests/fixtures';
import { Recorder } from './recorder';

/**
 * The built-in tutorial videos: the firm dashboard, submitting a request, and mapping a PDF
 * form, each recorded from the running product with a caption per step. `npm run videos -w e2e`.
 * Pages are waited for by 'load', never 'networkidle': a signed-in page keeps its live-updates stream open.
 */
test('dashboard tutorial', async ({ page, loginAs }) => {
  const video = new Recorder(page, 'dashboard');
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { name: 'Smith Law Group Dashboard' })).toBeVisible();
  await page.waitForLoadState('load');
  await video.step('Your dashboard shows every request your firm has ordered, with where each one stands.');
  const requests = page.getByRole('list', { name: 'Requests' }).or(page.getByRole('table')).first();
  await requests.scrollIntoViewIfNeeded();
  await video.step('Each request is one client and one provider. Sort and filter to find a client quickly.');
  const first = page.getByRole('link', { name: /^View request/ }).first();
  const target = await first.getAttribute('href');
  await page.goto(target!);
  await page.waitForLoadState('load');
  await video.step('Open a request to follow its status and read the notes our staff add as they work.');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  await video.step('Records appear with the request as soon as they arrive, ready to download.');
  await page.goto('/dashboard/');
  await expect(page.getByRole('link', { name: 'Start New Request' })).toBeVisible();
  await video.step('Start New Request orders records from one provider or several at once.');
  video.finish();
});

test('request submission tutorial', async ({ page, loginAs }) => {
  const video = new Recorder(page, 'request');
  const tag = `${Date.now()}`.slice(-5);
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Start New Request' }).click();
  await expect(page.getByRole('button', { name: 'Add New Client' })).toBeVisible();
  await video.step('Submit A Request: choose the client, the providers and the records you need.');
  await page.getByRole('button', { name: 'Add New Client' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Client' });
  await fillNewClient(modal, { lastName: `Whitaker ${tag}`, code: `SLG-${tag}`, ssn: 'NA' });
  await expect(modal.getByText('hipaa-consent.pdf')).toBeVisible();
  await video.step('A new client needs their details and a signed HIPAA authorization, uploaded as a PDF.');
  await modal.getByRole('button', { name: 'Save Client' }).click();
  await expect(modal).toBeHidden();

  const search = page.getByLabel('Search providers');
  await search.fill('Hospital');
  const listed = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox');
  // Chosen by name once the search has filtered the list (it re-renders as the search settles).
  const firstTwo = () =>
    listed.evaluateAll((boxes) =>
      boxes.slice(0, 2).map((box) => (box as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
    );
  await expect.poll(async () => (await firstTwo()).filter((n) => /hospital/i.test(n)).length).toBe(2);
  const names = await firstTwo();
  for (const name of names) await page.getByRole('checkbox', { name, exact: true }).check();
  await search.scrollIntoViewIfNeeded();
  await video.step('Search the provider directory and tick every provider to request records from.');
  await page.getByRole('checkbox', { name: 'Medical Records', exact: true }).check();
  await page.getByLabel(/^Start Date/).fill('01/01/2022');
  await page.getByLabel(/^End Date/).fill('12/31/2024');
  await page.getByLabel(/^End Date/).scrollIntoViewIfNeeded();
  await video.step('Pick the record types and the dates of service. Rush is there when it cannot wait.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(/You submitted a request to 2 provider/)).toBeVisible();
  await video.step('Done: one request per provider. Follow each of them on your dashboard.');
  video.finish();
});

test('PDF form tutorial', async ({ page, loginAs }) => {
  const video = new Recorder(page, 'pdf-form');
  await loginAs('staff@directdocs.example');
  await page.goto('/formlist/');
  await expect(page.getByRole('heading', { name: 'Provider Forms' })).toBeVisible();
  await page.waitForLoadState('load');
  await video.step("Edit Mappings lists each law firm's and each provider's own PDF forms.");
  await page
    .getByRole('region', { name: 'Provider Forms' })
    .getByRole('table')
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'Field to place' })).toBeVisible();
  await page.waitForLoadState('load');
  await video.step('A form shows its pages with the fields already placed on them.');
  await page.getByRole('combobox', { name: 'Field to place' }).click();
  await page.getByRole('option', { name: 'Request · internal number' }).click();
  await video.step('Choose a field of the client, the request, the provider or the firm...');
  const sheet = page.getByTestId('page-1');
  await sheet.scrollIntoViewIfNeeded();
  await sheet.click({ position: { x: 420, y: 120 } });
  await expect(page.getByRole('button', { name: 'Request · internal number on page 1' })).toBeVisible();
  await video.step(
    '...and click the page where its value goes. Drag to move it, or nudge it with the arrow keys.',
  );
  await page.getByRole('table').first().scrollIntoViewIfNeeded();
  await video.step("When staff first send a request, the form opens filled with that request's data.");
  video.finish();
});
