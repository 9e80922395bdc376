import { apiLogin, onePagePdf, orderRequest, pdfOfPages } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * PDF forms: staff upload a provider's form, place three fields by clicking its page, drag
 * one, then open the first-send view of a request to that provider and open the filled form.
 */
test('staff map a provider form and open it filled for a new request', async ({ page, loginAs, request }) => {
  const order = await orderRequest(request);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const detail = await (await request.get(`/api/home/request/${order.id}/`, { headers: staff })).json();
  const providerName: string = detail.provider.name;

  await loginAs('staff@directdocs.example');
  await page.goto('/formlist/');
  await expect(page.getByRole('heading', { name: 'Provider Forms' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'form list');
  await page.getByRole('link', { name: 'Add Provider Form' }).click();

  const formName = `Release ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Form name' }).fill(formName);
  const owner = page.getByRole('combobox', { name: 'Provider' });
  await owner.click();
  await owner.fill(providerName.slice(0, 12));
  await page.getByRole('option', { name: providerName }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Drag a file here or click to choose').click();
  await (await chooser).setFiles({
    name: 'release-form.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf('Authorization for release of records'),
  });
  await expect(page.getByText('release-form.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Add Form' }).click();
  await expect(page).toHaveURL(/\/editform\/provider\/\d+\/$/);
  const sheet = page.getByTestId('page-1');
  await expect(page.getByRole('img', { name: `Page 1 of ${formName}` })).toBeVisible();

  const field = page.getByRole('combobox', { name: 'Field to place' });
  const placeAt = async (option: string, x: number, y: number) => {
    await field.click();
    await page.getByRole('option', { name: option }).click();
    await sheet.click({ position: { x, y } });
    await expect(page.getByRole('button', { name: `${option} on page 1` })).toBeVisible();
  };
  await placeAt('Patient · full name', 200, 150);
  await placeAt('Patient · date of birth', 200, 200);
  await placeAt('Provider · name', 200, 250);

  const marker = page.getByRole('button', { name: 'Provider · name on page 1' });
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 110, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('row', { name: /Provider · name/ })).toContainText('49%');
  await expectNoSeriousA11yViolations(page, 'form editor');
  await shot(page, 'pdf-form-editor');

  await page.goto(`/request/${order.id}/`);
  await expect(page.getByText('This request has not been sent to the provider yet')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Provider Form' }).click();
  const filled = await popup;
  await filled.waitForURL(/\/files\//);
  expect(decodeURIComponent(filled.url())).toContain(`${formName} - ${order.client.full_name}.pdf`);
  await shot(page, 'first-send-filled-forms');
});

test('a long form is rendered in the background, its progress shown until its pages are in', async ({
  page,
  loginAs,
}) => {
  const pageCount = 12;
  await loginAs('staff@directdocs.example');
  await page.goto('/editform/company/');
  const formName = `Long authorization ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Form name' }).fill(formName);
  const owner = page.getByRole('combobox', { name: 'Law Firm' });
  await owner.click();
  await owner.fill('Smith');
  await page.getByRole('option', { name: /Smith/ }).first().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Drag a file here or click to choose').click();
  await (await chooser).setFiles({
    name: 'long-authorization.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOfPages('Authorization', pageCount),
  });
  await expect(page.getByText('long-authorization.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Add Form' }).click();
  await expect(page).toHaveURL(/\/editform\/company\/\d+\/$/);

  const progress = page.getByRole('status').filter({ hasText: 'rendered in the background' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Render Pages Again' })).toBeDisabled();
  await shot(page, 'pdf-form-rendering');
  await expectNoSeriousA11yViolations(page, 'form editor while rendering');

  await expect(page.getByRole('img', { name: `Page ${pageCount} of ${formName}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Render Pages Again' })).toBeEnabled();
  await expect(page.getByText('This form has no page images yet.')).toHaveCount(0);
});

test('a PDF too large to render is refused with why, and no form is saved', async ({ page, loginAs }) => {
  await loginAs('staff@directdocs.example');
  await page.goto('/editform/company/');
  await page.getByRole('textbox', { name: 'Form name' }).fill(`Too long ${Date.now()}`);
  const owner = page.getByRole('combobox', { name: 'Law Firm' });
  await owner.click();
  await owner.fill('Smith');
  await page.getByRole('option', { name: /Smith/ }).first().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Drag a file here or click to choose').click();
  await (await chooser).setFiles({
    name: 'scanned-binder.pdf',
    mimeType: 'application/pdf',
    buffer: pdfOfPages('Binder', 201),
  });
  await expect(page.getByText('scanned-binder.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Add Form' }).click();
  await expect(
    page.getByText(
      'This PDF is too large to render: it has 201 pages; forms of up to 200 pages are rendered.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/editform\/company\/$/);
  await shot(page, 'pdf-form-too-large');
});
