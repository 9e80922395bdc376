import { DEMO_PASSWORD } from '@dd/shared';
import { captureSmtp } from '../../apps/server/test/smtp-capture';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

test('a protected path sends a visitor to log in, then back to that path', async ({ page }) => {
  await page.goto('/billings/');
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await shot(page, 'login');
  await expectNoSeriousA11yViolations(page, 'login');
  await page.getByLabel('Email').fill('ATTORNEY@smithlaw.example');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/billings\/$/);
  await expect(page.getByRole('heading', { name: 'Billings', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'billings');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Billings' })).toHaveAttribute('aria-current', 'page');
});

test('a wrong password shows the message and keeps what was typed', async ({ page }) => {
  await page.goto('/login/');
  await page.getByLabel('Email').fill('paralegal@smithlaw.example');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong Email or Password.');
  await expect(page.getByLabel('Email')).toHaveValue('paralegal@smithlaw.example');
  await shot(page, 'login-wrong-password');
  await expectNoSeriousA11yViolations(page, 'login, wrong password');
});

test('required fields are named when left empty', async ({ page }) => {
  await page.goto('/login/');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('The field Email must be filled out to submit the form.')).toBeVisible();
  await expect(page.getByText('The field Password must be filled out to submit the form.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login, required fields');
});

test('log out clears the session and returns to log in', async ({ page, loginAs }) => {
  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { name: 'Smith Law Group Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/login\/$/);
});

/** A local SMTP listener standing in for the mailboxes (the server delivers to SMTP_URL). */
async function mailbox() {
  const smtp = await captureSmtp(SMTP_PORT);
  return {
    /** The link to `path` in the first message to `to` that has one (quoted-printable undone). */
    async linkTo(to: string, path: string): Promise<string> {
      const pattern = new RegExp(`http://127\\.0\\.0\\.1:\\d+${path}\\d+/\\?token=[A-Za-z0-9_.%-]+`);
      const find = () =>
        smtp.received
          .map((m) => m.raw)
          .filter((m) => m.includes(to))
          .map((m) => pattern.exec(m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0])
          .find(Boolean);
      await expect.poll(find, { timeout: 15_000, message: `a ${path} link e-mailed to ${to}` }).toBeTruthy();
      return find()!;
    },
    close: smtp.close,
  };
}

test('a new firm signs up, is signed in, and confirms its e-mail address from the link', async ({ page }) => {
  const email = `morgan.${Date.now()}@reyeslaw.example`;
  const box = await mailbox();
  try {
    await page.goto('/signup/');
    await page.getByLabel('First Name').fill('Morgan');
    await page.getByLabel('Last Name').fill('Reyes');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('Sunrise2026!');
    await page.getByLabel('Confirm Password').fill('Sunrise2026?');
    await expect(page.getByText('Passwords Do Not Match!')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Sunrise2026!');
    await expect(page.getByText('Passwords Match!')).toBeVisible();
    await shot(page, 'signup');
    await expectNoSeriousA11yViolations(page, 'signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { name: 'Morgan Reyes Dashboard' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(banner).toContainText(email);
    await shot(page, 'dashboard-confirm-email');
    await expectNoSeriousA11yViolations(page, 'dashboard with confirm-email banner');

    const link = await box.linkTo(email, '/confirmEmail/');
    await page.goto(link);
    await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
    await shot(page, 'confirm-email');
    await expectNoSeriousA11yViolations(page, 'confirm email');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Morgan Reyes Dashboard' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  } finally {
    await box.close();
  }
});

test('forgot password: the e-mailed link sets a new password', async ({ page, request }) => {
  const email = `casey.${Date.now()}@parklaw.example`;
  const signup = await request.post('/users/signup/', {
    data: { first_name: 'Casey', last_name: 'Park', email, password: 'FirstPass2026!' },
  });
  expect(signup.ok()).toBeTruthy();
  const box = await mailbox();
  try {
    await page.goto('/passwordResetRequest/');
    await page.getByLabel('Email').fill('nobody@nowhere.example');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('No user found with that email.')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Your password reset email has been sent.')).toBeVisible();
    await shot(page, 'password-reset-request');
    await expectNoSeriousA11yViolations(page, 'password reset request');

    const link = await box.linkTo(email, '/passwordReset/');
    await page.goto(link);
    await page.getByLabel(/^Password/).fill('FreshStart2026!');
    await page.getByLabel('Confirm Password').fill('FreshStart2026!');
    await expectNoSeriousA11yViolations(page, 'password reset');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page).toHaveURL(/\/login\/\?reason=password-changed$/);
    await expect(page.getByRole('status')).toContainText(
      'Your password has been changed. You can now log in.',
    );

    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('FreshStart2026!');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Casey Park Dashboard' })).toBeVisible();
  } finally {
    await box.close();
  }
});
