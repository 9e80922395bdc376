import { DEMO_PASSWORD } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/** Every demo login works in the browser and lands on its dashboard frame with its nav bar. */
const INTERNAL_NAV = [
  'Dashboard',
  'Invoices',
  'Billings',
  'Company List',
  'Provider List',
  'Request Types',
  'Edit Mappings',
  'Log Out',
];
const FIRM_STAFF_NAV = [
  'Dashboard',
  'Invoice',
  'Billings',
  'Edit Company Details',
  'Invite Users',
  'API Keys',
  'Webhooks',
  'Log Out',
];
const FIRM_NAV = ['Dashboard', 'Log Out'];

const cases = [
  { email: 'admin@directdocs.example', heading: 'Data Dashboard', nav: INTERNAL_NAV },
  { email: 'staff@directdocs.example', heading: 'Data Dashboard', nav: INTERNAL_NAV },
  { email: 'attorney@smithlaw.example', heading: 'Smith Law Group Dashboard', nav: FIRM_STAFF_NAV },
  { email: 'paralegal@smithlaw.example', heading: 'Smith Law Group Dashboard', nav: FIRM_NAV },
  { email: 'paralegal@jonesinjury.example', heading: 'Jones Injury Attorneys Dashboard', nav: FIRM_NAV },
];

for (const c of cases) {
  test(`${c.email} signs in and lands on "${c.heading}"`, async ({ page }) => {
    await page.goto('/login/');
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(page.getByRole('heading', { name: c.heading, level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(c.nav);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await shot(page, `dashboard-${c.email.split('@')[0]}-${c.email.split('@')[1].split('.')[0]}`);
    await expectNoSeriousA11yViolations(page, `dashboard of ${c.email}`);
  });
}

test('a signed-in user who opens the login page goes to the dashboard', async ({ page, loginAs }) => {
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/LOGIN/');
  await expect(page).toHaveURL(/\/dashboard\/$/);
});

test('only the internal company reaches the company list', async ({ page, loginAs }) => {
  await loginAs('attorney@smithlaw.example');
  await page.goto('/companyList/');
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await loginAs('staff@directdocs.example');
  await page.goto('/companylist');
  await expect(page.getByRole('heading', { name: 'Company List' })).toBeVisible();
});

test('an unknown path is a website page', async ({ page, loginAs }) => {
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/our-team/');
  await expect(page.getByText('No page exists here.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'missing website page');
  await loginAs('admin@directdocs.example');
  await page.goto('/our-team/');
  await expect(page.getByText("This page doesn't exist yet. :(")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Page' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'missing website page, administrator');
});
