import { DEADLINE_STATUS_LABELS, type DeadlineStatus, formatDate } from '@dd/shared';
import type { Page } from '@playwright/test';
import { apiLogin, confirmAuthorization, fillNewClient } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * The legal clock end to end: a paralegal orders under the client's own right of access, staff send the
 * request to the provider, the firm's dashboard shows the provider's legal due date with the rule that set
 * it, and staff find the request on their list by its deadline, with the escalation counts above the To Do
 * list. Each screen is checked for accessibility and photographed at desktop and phone width.
 */
async function shotBothWidths(page: Page, name: string) {
  await shot(page, name);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  await expectNoSeriousA11yViolations(page, `${name} at phone width`);
  if (desktop) await page.setViewportSize(desktop);
}

test('a patient-access order gets its legal due date on the firm dashboard and the staff list', async ({
  page,
  loginAs,
  request,
}) => {
  const tag = `${Date.now()}`.slice(-6);
  const lastName = `Deadline${tag}`;

  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Start New Request' }).click();
  await page.getByRole('button', { name: 'Add New Client' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Client' });
  await fillNewClient(modal, {
    lastName,
    code: `LD-${tag}`,
    ssn: `6${tag.slice(0, 2)}-${tag.slice(2, 4)}-${tag.slice(2)}`,
  });
  await modal.getByRole('button', { name: 'Save Client' }).click();
  await expect(modal).toBeHidden();

  const search = page.getByLabel('Search providers');
  await search.fill('Hospital');
  // Chosen by name once the search has settled: the list re-renders, so a position can shift under a click.
  const listed = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox');
  const firstName = () =>
    listed.first().evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '');
  await expect.poll(firstName).toMatch(/hospital/i);
  await page.getByRole('checkbox', { name: await firstName(), exact: true }).check();
  await expect(page.getByRole('group', { name: 'Selected providers' }).getByRole('button')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Medical Records', exact: true }).check();
  await page.getByLabel(/^Start Date/).fill('01/01/2022');
  await page.getByLabel(/^End Date/).fill('12/31/2024');
  await page.getByRole('combobox', { name: 'Legal Basis' }).click();
  await page.getByRole('option', { name: /^Patient access/ }).click();
  await expectNoSeriousA11yViolations(page, 'order form with a legal basis');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(/You submitted a request to 1 provider/)).toBeVisible();

  // Staff send it to the provider: the legal clock starts.
  const firm = await apiLogin(request, 'paralegal@smithlaw.example');
  const patients = await (await request.get(`/api/home/patient/?name=${lastName}`, { headers: firm })).json();
  const ordered = (
    await (await request.get(`/api/home/request/?patient=${patients[0].id}`, { headers: firm })).json()
  ).results[0];
  expect(ordered.legal_basis).toBe('patient_access');
  expect(ordered.due_date).toBeNull();
  const staff = await apiLogin(request, 'staff@directdocs.example');
  await confirmAuthorization(request, ordered.id);
  const sent = await request.post(`/api/home/request/${ordered.id}/initial_sent/`, { headers: staff });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const clock = await (await request.get(`/api/home/request/${ordered.id}/`, { headers: firm })).json();
  expect(clock.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const label = DEADLINE_STATUS_LABELS[clock.deadline_status as DeadlineStatus];

  // The firm dashboard: the due date, where it stands and the rule, on the open request.
  await page.goto(`/dashboard/?client=${patients[0].id}&open=No`);
  const rows = page.locator('table').filter({ hasText: 'Internal Request #' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(formatDate(clock.due_date));
  await expect(rows.first()).toContainText(label);
  await expect(rows.first()).toContainText(clock.deadline_rule);
  await expectNoSeriousA11yViolations(page, 'firm dashboard with legal due dates');
  await shotBothWidths(page, 'deadlines-firm-dashboard');
  // Its Deadline filter keeps the request under its own status.
  await page.goto(`/dashboard/?client=${patients[0].id}&deadline=${clock.deadline_status}`);
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Deadline' })).toHaveValue(label);

  // Staff: the list's Legal Due Date column and Deadline filter.
  await loginAs('staff@directdocs.example');
  await page.goto(`/requestlist/?view=all&client=${encodeURIComponent(lastName)}`);
  const staffRow = page.getByRole('row').filter({ hasText: lastName });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText(formatDate(clock.due_date));
  await expect(staffRow).toContainText(label);
  await page.getByRole('combobox', { name: 'Deadline' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`deadline=${clock.deadline_status}`));
  await expect(staffRow).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'staff list filtered by deadline');
  await shotBothWidths(page, 'deadlines-staff-list');

  // The To Do list counts what is due soon and overdue, per staff member and law firm.
  await page.goto('/requestlist/');
  await expect(page.getByRole('heading', { name: 'Legal Deadlines' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Legal deadlines of open requests' })).toBeVisible();
  await page.getByRole('button', { name: 'Show by staff member and law firm' }).click();
  await expect(page.getByRole('heading', { name: 'By staff member' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'to do list with legal deadline counts');
  await shotBothWidths(page, 'deadlines-todo');

  // The same counts on the data dashboard (the staff home), open at once.
  await page.goto('/data_dashboard/');
  await expect(page.getByRole('heading', { name: 'Legal Deadlines' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'By staff member' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'data dashboard with legal deadline counts');
  await shotBothWidths(page, 'deadlines-data-dashboard');
});
