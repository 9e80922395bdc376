import { addBusinessDays, FOLLOW_UP_MSG, formatDate, todayIn } from '@dd/shared';
import { confirmAuthorization, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Follow-ups to the provider: staff send a fresh request to its provider and see its follow-up schedule
 * (business days 7, 14 and 21 after the send, in the provider's time zone), skip one and pause and resume
 * the cadence; the firm's paralegal sees the same schedule, read-only.
 */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
];
const possible = (days: number) => [
  ...new Set(US_ZONES.map((z) => formatDate(addBusinessDays(todayIn(z), days)))),
];

test('staff see the follow-up schedule after the first send, skip one, pause and resume', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request);
  await confirmAuthorization(request, order.id);
  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: "I've sent the email" }).click();

  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Follow-ups' }) });
  await expect(panel.getByText('Next follow-up:')).toBeVisible();
  await expect(panel.getByText(new RegExp(possible(7).join('|'))).first()).toBeVisible();
  const rows = panel.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText(new RegExp(possible(21).join('|')));
  await expect(panel.getByText('Planned', { exact: true })).toHaveCount(3);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'staff-follow-ups');
  await expectNoSeriousA11yViolations(page, 'staff request, follow-ups');

  await panel.getByRole('button', { name: 'Skip' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Follow-up 1 planned for');
  await expectNoSeriousA11yViolations(page, 'skip follow-up confirmation');
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText(FOLLOW_UP_MSG.skipped)).toBeVisible();
  await expect(rows.nth(1)).toContainText('Skipped by staff');

  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(FOLLOW_UP_MSG.paused)).toBeVisible();
  await expect(panel.getByText('None while paused')).toBeVisible();
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText(FOLLOW_UP_MSG.resumed)).toBeVisible();
  await expect(panel.getByText(new RegExp(possible(14).join('|'))).first()).toBeVisible();

  await loginAs('paralegal@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const firmPanel = page.locator('section', { has: page.getByRole('heading', { name: 'Follow-ups' }) });
  await expect(firmPanel.getByRole('row')).toHaveCount(4);
  await expect(firmPanel.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(firmPanel.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'firm request, follow-ups');
});
