import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Staff reports: from the staff home to the assignment table, an employee's count cards and
 * the table behind a card, a paralegal's open requests and a provider's report, each with the way back.
 */
test('a staff member works through the staff reports', async ({ page, loginAs }) => {
  await loginAs('staff@directdocs.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Staff Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Staff Reports', level: 1 })).toBeVisible();
  const unassigned = page.getByRole('link', { name: 'Unassigned', exact: true });
  await expect(unassigned).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff reports: assignments');
  await shot(page, 'staff-reports');

  await page.getByRole('link', { name: 'Marcus Reyes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Marcus Reyes', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open Requests/ })).toHaveAttribute('aria-pressed', 'true');
  const older = page.getByRole('button', { name: /^Requests > 5 Days/ });
  const count = Number(await older.locator('p').last().textContent());
  await older.click();
  await expect(page).toHaveURL(/\?card=requests_five_days_old$/);
  await expect(page.getByRole('heading', { name: /^Requests > 5 Days/, level: 2 })).toBeVisible();
  if (count === 0) await expect(page.getByText('No Requests Found')).toBeVisible();
  else await expect(page.locator('tbody tr').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'employee report');
  await shot(page, 'staff-report-employee');
  await page.goBack();
  await expect(page).toHaveURL(/\/report\/employee\/\d+\/$/);

  await page.goto('/report/?tab=paralegals');
  await page
    .getByRole('link', { name: /^View Open: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/report\/paralegal\/\d+\/\?card=open_requests$/);
  await expect(page.getByRole('heading', { name: /^Open Requests/, level: 2 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'paralegal report');

  await page.goto('/report/?tab=providers');
  await expect(page.getByRole('columnheader', { name: 'Average Turnaround' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'provider report');
  await page
    .getByRole('link', { name: /^View: / })
    .first()
    .click();
  await expect(page.getByText('Provider report', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back To Direct Docs Report' }).click();
  await expect(page.getByRole('heading', { name: 'Data Dashboard' })).toBeVisible();
});
