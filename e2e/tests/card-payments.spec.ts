import type { Page } from '@playwright/test';
import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Card payments against the provider's stand-in, which serves Stripe.js and sends signed
 * webhooks to the server: a firm attorney pays a billing (a declined card first, then a card whose bank
 * asks for 3-D Secure: failed once, then completed), and a user publishes
 * a host listing with a subscription.
 */
async function fillCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date MM / YY' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
}

test('a firm attorney pays a billing by card that needs 3-D Secure, after a declined card', async ({
  page,
  request,
  loginAs,
}) => {
  // A billing of its own: a cancelled request (a $10 fee) billed by the administrator.
  const order = await orderRequest(request);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  await request.post(`/api/home/request/${order.id}/cancel/`, { headers: staff, data: {} });
  const admin = await apiLogin(request, 'admin@directdocs.example');
  const title = `Card e2e ${Date.now() % 100000}`;
  const billing = await request.post('/api/home/billing/', {
    headers: admin,
    data: { company: order.client.company, title },
  });
  expect(billing.status(), await billing.text()).toBe(201);

  await loginAs('attorney@smithlaw.example');
  await page.goto('/billings/');
  await page.getByRole('button', { name: `Pay ${title} by card` }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await expect(dialog.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pay by card');
  await fillCard(page, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await shot(page, 'card-declined');

  // A card that needs the bank's confirmation (3-D Secure): the bank's step fails once, then is completed.
  const bank = page.getByRole('dialog', { name: '3D Secure authentication' });
  await fillCard(page, '4000 0027 6000 3184');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(dialog.getByRole('alert')).toContainText('unable to authenticate');
  await fillCard(page, '4000 0027 6000 3184');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(bank).toBeVisible();
  await shot(page, 'card-authentication');
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog).toBeHidden();
  // Paid only once the provider's signed webhook has reached the server.
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(/^Paid \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(row.getByRole('button', { name: `Pay ${title} by card` })).toHaveCount(0);
  await shot(page, 'card-paid');
});

test('a user publishes a host listing with a card subscription', async ({ page, loginAs }) => {
  await loginAs('paralegal@jonesinjury.example');
  await page.goto('/myCrashpads/');
  await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Listing' }).click();
  const add = page.getByRole('dialog', { name: 'Add Listing' });
  const title = `Crew room ${Date.now() % 100000}`;
  await add.getByRole('textbox', { name: 'Title' }).fill(title);
  await add.getByRole('textbox', { name: 'Find the address' }).fill('102 N Cascade');
  await add.getByRole('button', { name: 'Search' }).click();
  await add.getByRole('listitem').first().click();
  await expect(add.getByRole('textbox', { name: 'City' })).toHaveValue('Colorado Springs');
  await expectNoSeriousA11yViolations(page, 'add listing');
  await add.getByRole('button', { name: 'Save Listing' }).click();
  await expect(add).toBeHidden();

  const card = page.locator('.mantine-Card-root').filter({ hasText: title });
  await expect(card.getByText('Draft')).toBeVisible();
  await card.getByRole('button', { name: `Publish ${title}` }).click();
  const publish = page.getByRole('dialog', { name: 'Publish listing' });
  await expect(publish.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'publish listing');
  await fillCard(page, '4242 4242 4242 4242');
  await publish.getByRole('button', { name: 'Subscribe and Publish' }).click();
  await expect(publish).toBeHidden();
  await expect(card.getByText('Published')).toBeVisible();
  await expect(card.getByRole('link', { name: `Show ${title} on the map` })).toHaveAttribute(
    'href',
    /mlat=38\.8363/,
  );
  await expect(card.getByRole('button', { name: `Publish ${title}` })).toHaveCount(0);
  await shot(page, 'listing-published');
});
