import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * The staff data dashboard: open requests on arrival, closed ones on demand, the tables view,
 * an employee card's requests and back; a staff member without view_fees sees no fee figure.
 */
test('an administrator reads the data dashboard, loads closed requests and shows the tables', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin@directdocs.example');
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { name: 'Data Dashboard' })).toBeVisible();
  await expect(page.getByText('Loaded')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Total DD Fees for All Requests' })).toBeVisible();
  await page.getByRole('button', { name: 'Load Closed Requests' }).click();
  await expect(page.getByText('Loaded')).toHaveCount(2);
  await expect(page.getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible();
  const completed = page.getByRole('region', { name: 'Completed Requests With Fees' });
  await expect(completed.getByRole('row')).not.toHaveCount(0);
  await completed.getByRole('textbox', { name: 'Internal #' }).fill('zz-none');
  await expect(completed.getByText('No completed requests match these filters.')).toBeVisible();
  await completed.getByRole('textbox', { name: 'Internal #' }).fill('');
  await expectNoSeriousA11yViolations(page, 'data dashboard');
  await shot(page, 'data-dashboard');

  await page.getByRole('button', { name: 'Show Tables' }).click();
  await expect(page.getByRole('heading', { name: 'Direct Docs', exact: true })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'DD Fees' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'data dashboard tables');
  await page.getByRole('button', { name: 'Hide Tables' }).click();

  await page.getByRole('link', { name: 'Marcus Reyes', exact: true }).click();
  await expect(page).toHaveURL(/\/report\/employee\/\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Marcus Reyes', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back To Direct Docs Report' }).click();
  await expect(page.getByRole('heading', { name: 'Data Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: /^Rush Requests/ }).click();
  await expect(page).toHaveURL(/\/report\/all\/\?card=rush_requests$/);
  await expect(page.getByRole('heading', { name: /^Rush Requests/, level: 2 })).toBeVisible();
  await expect(page.locator('tbody tr[data-rush="true"]').first()).toBeVisible();
});

test('a staff member without view_fees sees no fee figure', async ({ page, loginAs }) => {
  await loginAs('staff@directdocs.example');
  await page.goto('/data_dashboard/');
  await expect(page.getByRole('heading', { name: 'Data Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Load Closed Requests' }).click();
  await expect(page.getByText('Loaded')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Total DD Fees for All Requests' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Law Firms', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Completed Requests With Fees' })).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'data dashboard (no fees)');
});
