import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/** An administrator makes a role, ticks what it may do, and gives it to a staff member. */
test('an administrator grants a named permission on the Roles and Permissions screen', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin@directdocs.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Roles and Permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Roles and Permissions' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Permissions of Administrator' })).toBeVisible();

  const name = `Billing ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'New role' }).fill(name);
  await page.getByRole('button', { name: 'Add Role' }).click();
  const permissions = page.getByRole('group', { name: `Permissions of ${name}` });
  await expect(permissions).toBeVisible();
  await permissions.getByRole('checkbox', { name: 'See fee figures' }).click();
  await expect(permissions.getByRole('checkbox', { name: 'See fee figures' })).toBeChecked();

  await page.getByRole('combobox', { name: `Give ${name} to` }).click();
  await page.getByRole('option', { name: 'Marcus Reyes' }).click();
  await expect(page.getByRole('button', { name: `Remove Marcus Reyes from ${name}` })).toBeVisible();
  await shot(page, 'roles-and-permissions');
  await expectNoSeriousA11yViolations(page, 'roles and permissions');

  await page.getByRole('button', { name: `Remove Marcus Reyes from ${name}` }).click();
  await expect(page.getByRole('button', { name: `Remove Marcus Reyes from ${name}` })).toHaveCount(0);
});
