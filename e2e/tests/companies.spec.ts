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
  await shot(page, 'invite-users');
  await expectNoSeriousA11yViolations(page, 'invite users');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Users Successfully Invited').first()).toBeVisible();

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
