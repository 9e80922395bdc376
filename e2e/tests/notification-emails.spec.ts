import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Notification e-mails (decision 065): a paralegal chooses, on their own dashboard, a daily digest for
 * notes and an e-mail at once when records arrive; the choice is kept after a reload. The choice is put
 * back to never at the end, so other journeys' e-mails stay as they were.
 */
test('a user chooses which events reach them by e-mail, and the choice is kept', async ({
  page,
  loginAs,
}) => {
  await loginAs('paralegal@jonesinjury.example');
  await page.goto('/dashboard/');
  const section = page.getByRole('region', { name: 'Notification e-mails' });
  const notes = section.getByRole('combobox', { name: /^Notes/ });
  const records = section.getByRole('combobox', { name: /^Records arrived/ });
  await expect(notes).toHaveValue('Never');
  await expectNoSeriousA11yViolations(page, 'dashboard with notification e-mails');

  const choose = async (field: typeof notes, option: string) => {
    await field.click();
    await page.getByRole('option', { name: option }).click();
  };
  await choose(notes, 'Daily digest');
  await choose(records, 'Immediately');
  await section.getByRole('button', { name: 'Save notification e-mails' }).click();
  await expect(section.getByText('Your notification e-mails are saved.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'notification-emails');

  await page.reload();
  await expect(notes).toHaveValue('Daily digest');
  await expect(records).toHaveValue('Immediately');
  await expect(section.getByRole('combobox', { name: /^Status changes/ })).toHaveValue('Never');
  await expectNoSeriousA11yViolations(page, 'notification e-mails after reload');

  await choose(notes, 'Never');
  await choose(records, 'Never');
  await section.getByRole('button', { name: 'Save notification e-mails' }).click();
  await expect(section.getByText('Your notification e-mails are saved.')).toBeVisible();
});
