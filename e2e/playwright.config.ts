import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys against a freshly started server (embedded database in a new temp directory, demo data),
 * driven in Debian's Chromium. No browser is downloaded.
 */
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it with "apt-get install -y chromium" or set CHROME_PATH.`,
  );
}
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const GEO_PORT = Number(process.env.E2E_GEO_PORT ?? 3190);
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3191);
/** Test keys shared by the server and the card payment provider's stand-in. */
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_LISTING_PLAN_ID: 'price_listing',
};
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'dd-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // The app's service worker would answer some requests itself; only the offline journey allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    // No fades: a toast or dialog caught mid-transition fails axe's contrast rule on colours nobody sees.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // The address search's geocoder, standing in for a Nominatim server.
      command: 'node stand-ins/geocoder.mjs',
      url: `http://127.0.0.1:${GEO_PORT}/healthz`,
      reuseExistingServer: false,
      env: { GEO_PORT: String(GEO_PORT) },
    },
    {
      // The card payment provider's stand-in: Stripe.js, its API, and signed webhooks to the server.
      command: 'node ../apps/server/test/stand-ins/stripe.mjs',
      url: `http://127.0.0.1:${STRIPE_PORT}/healthz`,
      reuseExistingServer: false,
      env: {
        ...STRIPE,
        STRIPE_STAND_IN_PORT: String(STRIPE_PORT),
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/stripe/webhook/`,
      },
    },
    {
      command: 'npm run start -w apps/server',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        OUTBOX_POLL_MS: '250',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '50',
        GEOCODER_URL: `http://127.0.0.1:${GEO_PORT}/`,
        ...STRIPE,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
        STRIPE_JS_URL: `http://127.0.0.1:${STRIPE_PORT}/v3/`,
      },
    },
  ],
});
