import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

test('the landing page shows the four blurbs and the claims', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  for (const blurb of ['Fast', 'Efficient', 'Reliable', 'Secure']) {
    await expect(page.getByRole('heading', { name: blurb, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/three.week/i).first()).toBeVisible();
  await expect(page.getByText(/no contracts/i).first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'About Us', 'Contact Us', 'Log In']);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'landing');
  await expectNoSeriousA11yViolations(page, 'landing page');
  await page.setViewportSize({ width: 768, height: 1000 });
  await shot(page, 'landing-tablet');
  await expectNoSeriousA11yViolations(page, 'landing page, tablet');
});

test('about us says where the company is and whom it serves', async ({ page }) => {
  await page.goto('/about-us/');
  await expect(page.getByText(/Colorado/).first()).toBeVisible();
  await expect(page.getByText(/insurers/).first()).toBeVisible();
  await shot(page, 'about-us');
  await expectNoSeriousA11yViolations(page, 'about us');
});

test('the contact form requires an e-mail, then sends the message to the outbox', async ({
  page,
  loginAs,
}) => {
  await page.goto('/contact-us/');
  await page.getByLabel('Name').fill('Jordan Blake');
  await page.getByLabel('Message').fill('We handle about forty requests a month. Can we talk?');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(
    page.getByText('Email is a required field. Please add your email to the form above.'),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Jordan Blake');
  await page.getByLabel('Email').fill('jordan@blakelaw.example');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Message Sent')).toBeVisible();
  await shot(page, 'contact-us');
  await expectNoSeriousA11yViolations(page, 'contact us');

  await loginAs('staff@directdocs.example');
  await page.goto('/emailOutbox/');
  await expect(page.getByRole('heading', { name: 'Email Outbox' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Website contact: Jordan Blake' })).toBeVisible();
  await shot(page, 'email-outbox');
  await expectNoSeriousA11yViolations(page, 'email outbox');
  await page.getByRole('cell', { name: 'Website contact: Jordan Blake' }).click();
  const message = page.getByRole('dialog', { name: 'Website contact: Jordan Blake' });
  await expect(message.getByText(/We handle about forty requests a month/)).toBeVisible();
  await expect(message.getByText('Attempts')).toBeVisible();
  await shot(page, 'email-outbox-message');
  await expectNoSeriousA11yViolations(page, 'email outbox, a message');
});
