import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/** Firm staff invite a colleague and edit their company; internal staff browse firms and view as a user. */
test('an attorney invites a colleague and updates the firm details', async ({ page, loginAs }) => {
  const tag = `${Date.now()}`.slice(-6);
  await loginAs('attorney@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invite Users' }).click();
  await expect(page.getByRole('heading', { name: 'Invite Users' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Invite users' });
  await expect(grid.getByLabel('Email, row 1', { exact: true })).not.toHaveValue('');
  const row = 4;
  await grid.getByLabel(`First Name, row ${row}`, { exact: true }).fill('Riley');
  await grid.getByLabel(`Last Name, row ${row}`, { exact: true }).fill(`Novak${tag}`);
  await grid.getByLabel(`Email, row ${row}`, { exact: true }).fill(`riley.${tag}@smithlaw.example`);
  await grid.getByLabel(`Admin Access, row ${row}`, { exact: true }).fill('FALSE');
  // A row typed by mistake is cleared from the keyboard: Tab from the row above reaches 'Clear row'.
  await grid.getByLabel(`Email, row ${row + 1}`, { exact: true }).fill(`typo.${tag}@smithlaw.example`);
  await grid.getByLabel(`Active, row ${row}`, { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(grid.getByRole('button', { name: `Clear row ${row + 1}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByLabel(`Email, row ${row + 1}`, { exact: true })).toHaveValue('');
  await shot(page, 'invite-users');
  await expectNoSeriousA11yViolations(page, 'invite users');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Users Successfully Invited').first()).toBeVisible();

  // Deactivating someone is confirmed first, naming them (the saved grid is sorted by last name).
  const rileyEmail = `riley.${tag}@smithlaw.example`;
  // The reloaded grid lists Riley as saved (Active TRUE); edit that row, wherever the sort put it.
  const cellValues = () =>
    grid
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('input'), (input) => input.value)),
      );
  let rileyRow = 0;
  await expect
    .poll(async () => {
      rileyRow = (await cellValues()).findIndex((c) => c[2] === rileyEmail && c[5] === 'TRUE') + 1;
      return rileyRow;
    })
    .toBeGreaterThan(0);
  await grid.getByLabel(`Active, row ${rileyRow}`, { exact: true }).fill('FALSE');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText(rileyEmail, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'invite users deactivation confirm');
  await confirm.getByRole('button', { name: 'Deactivate and Save' }).click();
  await expect(page.getByText(/1 updated/)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Edit Company Details' })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Company Details' })).toBeVisible();
  await page.getByLabel(/^Phone Number/).fill(`303-555-${tag.slice(-4)}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await shot(page, 'edit-company');
  await expectNoSeriousA11yViolations(page, 'edit company details');
});

test('internal staff find a firm and see the product as one of its users', async ({ page, loginAs }) => {
  await loginAs('staff@directdocs.example');
  await page.goto('/companyList/');
  await expect(page.getByRole('heading', { name: 'Company List' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Jones');
  await expect(
    page.getByRole('link', { name: 'View Users Experience: Jones Injury Attorneys' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'company list');
  await page.getByRole('link', { name: 'View Users Experience: Jones Injury Attorneys' }).click();
  await expect(page.getByRole('heading', { name: 'Company User List' })).toBeVisible();
  await shot(page, 'ghost-users');
  await expectNoSeriousA11yViolations(page, 'company user list');
  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'view-as-user');
  await expectNoSeriousA11yViolations(page, 'dashboard viewed as a user');
});
