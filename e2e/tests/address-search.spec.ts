import { GEO_MSG } from '@dd/shared';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * The map and geocoder field, against the geocoder stand-in the config starts: staff adding a
 * provider find its address, which fills the address fields and pins the place; a search with no place
 * and a failing geocoder show the spec's messages.
 */
test('staff find a new provider’s address with the address search', async ({ page, loginAs }) => {
  const name = `Cascade Imaging ${Date.now() % 1_000_000}`;
  await loginAs('staff@directdocs.example');
  await page.goto('/editProvider/');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const search = page.getByRole('textbox', { name: 'Find the address' });

  await search.fill('nowhere at all');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: GEO_MSG.noResults })).toBeVisible();
  await search.fill('broken geocoder');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: GEO_MSG.failed('503') })).toBeVisible();

  await search.fill('102 N Cascade Ave');
  await search.press('Enter');
  await page.getByRole('listitem').filter({ hasText: 'North Cascade Avenue' }).click();
  await expect(page.getByRole('textbox', { name: 'Address 1' })).toHaveValue('102 North Cascade Avenue');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Colorado Springs');
  await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('CO');
  await expect(page.getByRole('textbox', { name: 'Zip Code' })).toHaveValue('80903');
  await expect(page.getByText(/Pinned at 38\.83630, -104\.82370/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'provider address search');
  await shot(page, 'address-search');
  await page.getByRole('button', { name: 'Save Provider' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
});
