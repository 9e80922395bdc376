import type { Locator, Page } from '@playwright/test';
import { apiLogin, confirmAuthorization, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * At phone width (390 px) nothing hides off the side of the screen: tables become cards that show every
 * column, including Status. The paralegal's dashboard, request form and request detail, and the staff's
 * list and detail, where staff also archive a request, find it under 'Archived requests' and bring it back.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** On a mobile browser the window itself can widen to fit the page, so the page is held to the phone's width. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page is wider than the phone').toBeLessThanOrEqual(390);
}

/** The element is on screen from side to side once scrolled to. */
async function withinTheWidth(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, 'cut off at the side').toBe(true);
}

test('a paralegal uses the dashboard, the request form and a request on a phone', async ({
  page,
  loginAs,
  request,
}) => {
  const order = await orderRequest(request);
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard/ })).toBeVisible();
  await withinTheWidth(page.getByRole('list', { name: 'Requests' }).last().getByText('Status').first());
  await fitsTheScreen(page);
  await shot(page, 'phone-firm-dashboard');
  await expectNoSeriousA11yViolations(page, 'dashboard at phone width');

  // The menu opens from the burger (its drawer loads on first use) and takes the user where they pick.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await shot(page, 'phone-menu');
  await expectNoSeriousA11yViolations(page, 'menu at phone width');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('link', { name: 'Start New Request' }).click();
  await expect(page.getByRole('heading', { name: 'Submit A Request' })).toBeVisible();
  await fitsTheScreen(page);
  await shot(page, 'phone-request-form');
  await expectNoSeriousA11yViolations(page, 'request form at phone width');

  await page.goto(`/request/${order.id}/`);
  await expect(page.getByText(`#${order.number}`).first()).toBeVisible();
  await fitsTheScreen(page);
  await shot(page, 'phone-firm-request');
  await expectNoSeriousA11yViolations(page, 'request detail at phone width');
});

test('staff work the list and archive a request on a phone', async ({ page, loginAs, request }) => {
  const order = await orderRequest(request);
  await confirmAuthorization(request, order.id);
  await loginAs('staff@directdocs.example');
  await page.goto(`/requestlist/?view=all&client=${encodeURIComponent(order.client.full_name)}`);
  const cards = page.getByRole('list', { name: 'Requests' }).getByRole('listitem');
  // The filters fold behind one button, so the first request shows on the first screen.
  await expect(cards.first()).toBeInViewport();
  await withinTheWidth(cards.first().getByText('Status'));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
  await fitsTheScreen(page);
  await shot(page, 'phone-staff-list');
  await expectNoSeriousA11yViolations(page, 'staff list at phone width');

  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: "I've sent the email" }).click();
  await expect(page.getByRole('heading', { name: 'Request Details Center' })).toBeVisible();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive this request?' });
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await fitsTheScreen(page);
  await shot(page, 'phone-staff-request-archived');
  await expectNoSeriousA11yViolations(page, 'staff request detail at phone width');

  await page.goto(`/requestlist/?view=all&client=${encodeURIComponent(order.client.full_name)}`);
  await expect(cards.first()).toBeVisible();
  await page.getByRole('button', { name: 'Filters (1 active)' }).click();
  const archivedOnes = page.getByRole('checkbox', { name: 'Archived requests' });
  // The box follows the address, which the router updates a moment after the click.
  await archivedOnes.click();
  await expect(page).toHaveURL(/archived=true/);
  await expect(archivedOnes).toBeChecked();
  const view = page.getByRole('link', { name: `View request ${order.number} (opens in a new tab)` });
  await expect(view).toBeVisible();
  await archivedOnes.click();
  await expect(page).not.toHaveURL(/archived=true/);
  await expect(view).toHaveCount(0);

  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Make Active' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a paralegal orders records for a chosen client by tapping', async ({ page, loginAs, request }) => {
    // A client with an earlier request, so the chosen client's card lists a previous request too.
    const earlier = await orderRequest(request);
    const client = earlier.client as { id: number; last_name: string; first_name: string };
    const day = String(1 + (Date.now() % 28)).padStart(2, '0');
    await loginAs('paralegal@smithlaw.example');
    await page.goto('/dashboard/');
    await page.getByRole('link', { name: 'Start New Request' }).tap();
    await expect(page.getByRole('heading', { name: 'Submit A Request' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search clients' }).fill(client.last_name);
    await page.getByRole('button', { name: new RegExp(`^${client.last_name}, ${client.first_name}`) }).tap();
    await expect(page.getByRole('button', { name: 'Change Client' })).toBeVisible();
    await expect(page.getByText('Previous requests for this client')).toBeVisible();
    await expect(page.getByRole('link', { name: /·/ }).first()).toBeVisible();
    await fitsThePhone(page);

    await page.getByLabel('Search providers').fill('Hospital');
    const firstProvider = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox').first();
    await firstProvider.tap();
    await expect(page.getByRole('group', { name: 'Selected providers' }).getByRole('button')).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Medical Records', exact: true }).tap();
    await page.getByLabel(/^Start Date/).fill(`02/${day}/2016`);
    await page.getByLabel(/^End Date/).fill(`11/${day}/2023`);
    await fitsThePhone(page);
    await shot(page, 'phone-order-filled');
    await expectNoSeriousA11yViolations(page, 'request form with a chosen client at phone width');

    const submit = page.getByRole('button', { name: 'Submit Request' });
    await submit.scrollIntoViewIfNeeded();
    await withinTheWidth(submit);
    await submit.tap();
    await expect(page.getByText(/You submitted a request to 1 provider/)).toBeVisible();
    await fitsThePhone(page);
    await shot(page, 'phone-order-confirmation');
    await expectNoSeriousA11yViolations(page, 'request confirmation at phone width');

    const firm = await apiLogin(request, 'paralegal@smithlaw.example');
    const list = await (
      await request.get(`/api/home/request/?patient=${client.id}`, { headers: firm })
    ).json();
    const ordered = list.results.filter((r: { start_date: string }) => r.start_date === `2016-02-${day}`);
    expect(ordered).toHaveLength(1);
  });
});
