import { MSG, WEBSITE_MSG } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Page builder (issue 13): staff create /our-team/ from three components, preview and save it, and a
 * signed-in firm user sees it; an unknown url offers staff Create Page; an edit of the landing page
 * shows on the public page and is undone from the version list.
 */
test('staff build a page with three components and a firm user sees it', async ({ page, loginAs }) => {
  const url = `/our-team-${Date.now() % 100000}/`;
  await loginAs('staff@directdocs.example');
  await page.goto(url);
  await expect(page.getByText(MSG.pageDoesNotExistYet)).toBeVisible();
  await page.getByRole('link', { name: 'Create Page' }).click();
  await expect(page).toHaveURL(/\/pagebuilder\/\?url=/);
  await expect(page.getByRole('textbox', { name: 'Url' })).toHaveValue(url);
  await page.getByRole('textbox', { name: 'Name' }).fill('Our Team');

  for (const name of ['Header', 'Paragraph', 'BottomCTA']) {
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('button', { name, exact: true }).click();
  }
  await page.getByRole('button', { name: '1. Header' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Meet the Direct Docs team');
  await page.getByRole('button', { name: '2. Paragraph' }).click();
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Twelve people who chase records <b>so you do not have to</b>.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Meet the Direct Docs team' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'page builder');
  await shot(page, 'page-builder');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(WEBSITE_MSG.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/pagebuilder\/\d+\/$/);

  await page.goto('/pages/');
  await expect(page.getByRole('article', { name: 'Our Team' })).toContainText(url);
  await expectNoSeriousA11yViolations(page, 'page list');

  await loginAs('paralegal@smithlaw.example');
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Meet the Direct Docs team' })).toBeVisible();
  await expect(page.getByText('Twelve people who chase records so you do not have to.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'built page');
  await shot(page, 'built-page');
  await page.goto(`${url}nothing/`);
  await expect(page.getByText(MSG.noPageExists)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Page' })).toHaveCount(0);
});

test('an edit of the landing page shows publicly and is undone from the versions', async ({
  page,
  loginAs,
}) => {
  const eyebrow = `Edited ${Date.now() % 100000}`;
  await loginAs('staff@directdocs.example');
  await page.goto('/pages/');
  await page.getByRole('link', { name: 'Edit Home' }).click();
  await page.getByRole('button', { name: '1. TopContent' }).click();
  await page.getByRole('textbox', { name: 'Small line above the headline' }).fill(eyebrow);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(WEBSITE_MSG.saved)).toBeVisible();

  await page.goto('/');
  await expect(page.getByText(eyebrow)).toBeVisible();

  await page.goto('/pages/');
  await page.getByRole('link', { name: 'Edit Home' }).click();
  const versions = page.getByRole('region', { name: 'Earlier versions' });
  await versions.getByRole('button', { name: 'Restore' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(WEBSITE_MSG.restored)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Medical-records retrieval for law firms')).toBeVisible();
  await expect(page.getByText(eyebrow)).toHaveCount(0);

  await page.goto('/components/');
  await expect(page.getByRole('article')).toHaveCount(16);
  await expectNoSeriousA11yViolations(page, 'components');
  await page.getByRole('link', { name: 'Edit CTA1' }).click();
  await expect(page.getByRole('heading', { name: 'Component: CTA1' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'component defaults');
});
