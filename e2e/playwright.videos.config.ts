import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run videos -w e2e`: the journeys in ./videos, against a fresh demo server like the tests, each
 * recording captioned frames that Debian's ffmpeg joins into apps/web/public/videos/{name}.webm (+ .vtt).
 */
export default defineConfig({
  ...base,
  testDir: './videos',
  timeout: 180_000,
  reporter: [['list']],
  use: { ...base.use, viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
});
