import { MSG, WEBSITE_DRAFT_MSG } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Page builder: staff create /our-team/ from three components, save a draft nobody else sees, preview it
 * and publish it, and a signed-in firm user sees it; an unknown url offers staff Create Page; an edit of
 * the landing page reaches the public page only when published, and an earlier version comes back as a
 * draft that is published in turn.
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

  for (const name of ['Page title banner', 'Paragraph', 'Closing call to action']) {
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('button', { name, exact: true }).click();
  }
  await page.getByRole('button', { name: '1. Page title banner' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Meet the Direct Docs team');
  await page.getByRole('button', { name: '2. Paragraph' }).click();
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Twelve people who chase records <b>so you do not have to</b>.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Meet the Direct Docs team' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'page builder');
  await shot(page, 'page-builder');

  await page.getByRole('button', { name: 'Save Draft', exact: true }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.draftSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/pagebuilder\/\d+\/$/);
  await expect(page.getByText('Not published', { exact: true })).toBeVisible();

  // The draft is nobody else's yet: a firm user still finds no page at the url.
  await loginAs('paralegal@smithlaw.example');
  await page.goto(url);
  await expect(page.getByText(MSG.noPageExists)).toBeVisible();

  await loginAs('staff@directdocs.example');
  await page.goto('/pages/');
  const card = page.getByRole('article', { name: 'Our Team' });
  await expect(card).toContainText(url);
  await expect(card).toContainText('Not published');
  await expectNoSeriousA11yViolations(page, 'page list');
  await card.getByRole('link', { name: 'Edit Our Team' }).click();
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.previewBanner)).toBeVisible();
  const whole = page.getByRole('article', { name: 'Page preview' });
  await expect(whole.getByRole('heading', { name: 'Meet the Direct Docs team' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'page preview');
  await shot(page, 'page-builder-preview');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.published)).toBeVisible();

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
  await expect(page.getByRole('button', { name: '1. Hero banner' })).toBeVisible();
  const builder = page.url();
  await page.getByRole('button', { name: '1. Hero banner' }).click();
  await page.getByRole('textbox', { name: 'Small line above the headline' }).fill(eyebrow);
  await page.getByRole('button', { name: 'Save Draft', exact: true }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.draftSaved)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Medical-records retrieval for law firms')).toBeVisible();
  await expect(page.getByText(eyebrow)).toHaveCount(0);

  await page.goto(builder);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.published)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(eyebrow)).toBeVisible();

  await page.goto(builder);
  const versions = page.getByRole('region', { name: 'Earlier versions' });
  await versions.getByRole('button', { name: 'Restore' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.restoredToDraft)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(WEBSITE_DRAFT_MSG.published)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Medical-records retrieval for law firms')).toBeVisible();
  await expect(page.getByText(eyebrow)).toHaveCount(0);

  await page.goto('/components/');
  await expect(page.getByRole('article')).toHaveCount(16);
  await expectNoSeriousA11yViolations(page, 'components');
  await page.getByRole('link', { name: 'Edit Call to action' }).click();
  await expect(page.getByRole('heading', { name: 'Component: Call to action' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'component defaults');
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the builder and the page list fit a phone', async ({ page, loginAs }) => {
    await loginAs('staff@directdocs.example');
    await page.goto('/pages/');
    await page.getByRole('link', { name: 'Edit Home' }).click();
    await expect(page.getByRole('button', { name: '1. Hero banner' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Component' }).click();
    await shot(page, 'phone-page-builder');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the builder is wider than the phone').toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, 'page builder at phone width');
  });
});
