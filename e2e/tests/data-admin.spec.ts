import { ADMIN_MSG, MODEL_MSG, MSG, requiredFieldMessage } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Data administration: an administrator edits a provider and renames one with 'Edit Name',
 * uploads a CSV with one bad line (nothing written, the line named), makes a model and adds a record
 * to it, and reads the API docs and the data usage.
 */
const tag = () => `${Date.now() % 1_000_000}`;

test('an administrator edits records and a CSV with one bad line imports nothing', async ({
  page,
  loginAs,
}) => {
  const suffix = tag();
  await loginAs('admin@directdocs.example');
  await page.goto('/admin/');
  await expectNoSeriousA11yViolations(page, 'administration');
  await page.getByRole('link', { name: /Data administration/ }).click();
  await expect(page).toHaveURL(/\/applist\/$/);
  await expectNoSeriousA11yViolations(page, 'apps');
  await page.getByRole('link', { name: /^Records/ }).click();
  await expect(page.getByRole('heading', { name: 'Records', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'models');
  await page.getByRole('article', { name: 'Provider' }).getByRole('link', { name: 'Records' }).click();
  await expect(page.getByRole('heading', { name: 'Provider records' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'records');

  // Edit one record in its form.
  await page.getByRole('textbox', { name: 'Search Provider records' }).fill('Mesa General');
  await page.getByRole('link', { name: 'Open Mesa General Hospital' }).click();
  await expect(page.getByRole('heading', { name: 'Mesa General Hospital' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'record form');
  await page.getByRole('textbox', { name: 'Address 2' }).fill(`Suite ${suffix}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MSG.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Address 2' })).toHaveValue(`Suite ${suffix}`);
  await shot(page, 'data-admin-record');

  // Rename from the list with the inline 'Edit Name' modal.
  await page.goto('/modelInstances/home/notetemplate/');
  await page.getByRole('link', { name: 'Add New' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Left a voicemail ${suffix}`);
  await page.getByRole('textbox', { name: 'Text' }).fill('Left a voicemail for the records department.');
  await page.getByRole('button', { name: 'Add Note Template' }).click();
  await expect(page).toHaveURL(/\/instance\/home\/notetemplate\/\d+\/$/);
  await page.goto('/modelInstances/home/notetemplate/');
  await page.getByRole('textbox', { name: 'Search Note Template records' }).fill(suffix);
  const card = page.getByRole('article').filter({ hasText: `Left a voicemail ${suffix}` });
  await card.hover();
  await card.getByRole('button', { name: /Edit Name/ }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(`Voicemail ${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('article').filter({ hasText: `Voicemail ${suffix}` })).toBeVisible();
  await expect(page.getByText(`Left a voicemail ${suffix}`)).toHaveCount(0);

  // A CSV with one bad line: the line is named and nothing is written.
  await page.goto('/modelinstancestable/home/provider/');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'providers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `name,city,email\nCSV One ${suffix},Austin,one@example.com\nCSV Two ${suffix},Waco,not-an-email\n`,
    ),
  });
  await expect(dialog.getByText(ADMIN_MSG.csvHasErrors)).toBeVisible();
  const errors = dialog.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('email');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'CSV upload');
  await shot(page, 'data-admin-csv-errors');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search Provider records' }).fill(`CSV One ${suffix}`);
  await expect(page.getByText(ADMIN_MSG.noneFound('Provider'))).toBeVisible();

  // The same file corrected imports both lines.
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'providers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `name,city,email\nCSV One ${suffix},Austin,one@example.com\nCSV Two ${suffix},Waco,two@example.com\n`,
    ),
  });
  await dialog.getByRole('button', { name: 'Import 2 records' }).click();
  await expect(page.getByText(ADMIN_MSG.csvImported(2))).toBeVisible();
  await page.getByRole('textbox', { name: 'Search Provider records' }).fill(`CSV One ${suffix}`);
  await expect(page.getByRole('cell', { name: `CSV One ${suffix}` })).toBeVisible();
});

test('an administrator makes a model, applies it and adds a record; reads API docs and data usage', async ({
  page,
  loginAs,
}) => {
  const name = `Vendor ${tag()}`;
  await loginAs('admin@directdocs.example');
  await page.goto('/modelmaker/');
  await page.getByRole('button', { name: 'New Model' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Add Field' }).click();
  await page.getByRole('textbox', { name: 'Field 1 name' }).fill('title');
  await page.getByRole('checkbox', { name: 'Field 1 may be blank' }).uncheck();
  await page.getByRole('button', { name: 'Add Field' }).click();
  await page.getByRole('textbox', { name: 'Field 2 name' }).fill('title');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.noDuplicateNames })).toBeVisible();
  await page.getByRole('textbox', { name: 'Field 2 name' }).fill('fee');
  await page.getByRole('combobox', { name: 'Field 2 type' }).click();
  await page.getByRole('option', { name: 'Decimal' }).click();
  // A relation goes to shared data (a provider); a firm's own records (requests) are not offered.
  await page.getByRole('button', { name: 'Add Relation' }).click();
  await page.getByRole('textbox', { name: 'Relation 1 name' }).fill('provider');
  await page.getByRole('combobox', { name: 'Relation 1 model' }).click();
  await expect(page.getByRole('option', { name: 'Provider (home)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Request (home)' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Provider (home)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Not applied').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'model maker');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('dialog').getByText('create table')).toBeVisible();
  await shot(page, 'model-maker-apply');
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(MODEL_MSG.applied)).toBeVisible();

  await page.getByRole('link', { name: 'Records' }).click();
  await expect(page.getByText(ADMIN_MSG.noneFound(name))).toBeVisible();
  await page.getByRole('link', { name: 'Add New' }).click();
  await page.getByRole('button', { name: `Add ${name}` }).click();
  await expect(page.getByText(requiredFieldMessage('Title')).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Records courier');
  await page.getByRole('textbox', { name: 'Fee' }).fill('12.50');
  await page.getByRole('button', { name: `Add ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Records courier' })).toBeVisible();

  // Retyping a field removes its data: the dialog says what goes and asks for the model's name.
  await page.goto('/modelmaker/');
  await page.getByRole('navigation', { name: 'Model configurations' }).getByText(name).click();
  await page.getByRole('combobox', { name: 'Field 2 type' }).click();
  await page.getByRole('option', { name: 'Integer' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(MODEL_MSG.confirmDrop(['fee'], 1, name))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Model name' }).fill(name.toLowerCase());
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Model name' }).fill(name);
  await expectNoSeriousA11yViolations(page, 'model maker: confirm a change that removes data');
  await shot(page, 'model-maker-confirm-drop');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(MODEL_MSG.applied)).toBeVisible();
  // Deleting it takes its table and records: the name again.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Model name' }).fill(name);
  await expectNoSeriousA11yViolations(page, 'model maker: delete a model with records');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();

  await page.goto('/apidocs/');
  await page.getByRole('button', { name: /Provider home\/provider/ }).click();
  await expect(page.getByRole('table', { name: 'Fields of Provider' })).toContainText('medical_request_url');
  await expectNoSeriousA11yViolations(page, 'API docs');
  await page.getByRole('tab', { name: 'HTTP API' }).click();
  await expect(
    page.frameLocator('iframe[title="HTTP API reference"]').getByText('Direct Docs API'),
  ).toBeVisible();
  await shot(page, 'api-docs');

  await page.goto('/diskusage/');
  await page.getByRole('button', { name: 'Take a snapshot now' }).click();
  await expect(page.getByText('Snapshot taken.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Used' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'data usage');
  await shot(page, 'data-usage');

  await page.goto('/loggedin/');
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
  await expect(page.getByText('admin@directdocs.example')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'signed in');
  await page.goto('/test/1/');
  await expect(page.getByRole('table', { name: 'Checks' })).toContainText('Status');
  await expectNoSeriousA11yViolations(page, 'request diagnostics');
});
