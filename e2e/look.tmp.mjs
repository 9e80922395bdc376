import { chromium } from '@playwright/test';

const base = 'http://localhost:3300';
const [email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const res = await page.request.post(`${base}/users/token/`, { data: { email, password: 'DemoPass123!' } });
const { access, refresh } = await res.json();
await page.goto(`${base}/about-us/`);
await page.evaluate(
  ([a, r]) => {
    localStorage.setItem('token', a);
    localStorage.setItem('refresh_token', r);
    localStorage.setItem('token_time', String(Date.now()));
  },
  [access, refresh],
);
let i = 0;
for (const p of paths) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/look-${i++}.png`, fullPage: true });
}
await browser.close();
