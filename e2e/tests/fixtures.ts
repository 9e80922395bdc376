import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '@dd/shared';
import { test as base, expect, type Page } from '@playwright/test';

/** Fast sign-in through the API (epic-stack style) and screenshots a reader can look at later. */
const SCREENSHOTS = path.join(import.meta.dirname, '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export const test = base.extend<{ loginAs: (email: string, password?: string) => Promise<void> }>({
  loginAs: async ({ page, request }, use) => {
    await use(async (email, password = DEMO_PASSWORD) => {
      const res = await request.post('/users/token/', { data: { email, password } });
      expect(res.ok(), `API login for ${email}`).toBeTruthy();
      const { access, refresh } = await res.json();
      await page.goto('/about-us/');
      await page.evaluate(
        ([a, r]) => {
          localStorage.setItem('token', a);
          localStorage.setItem('refresh_token', r);
          localStorage.setItem('token_time', String(Date.now()));
        },
        [access, refresh],
      );
    });
  },
});

export { expectNoSeriousA11yViolations } from './axe';
export { expect };
