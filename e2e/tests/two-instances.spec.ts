import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@dd/shared';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Two app instances on one PostgreSQL database, as a deployment behind a load balancer runs them: staff
 * signed in on one, the firm's paralegal on the other, each with the same request open. What one writes
 * shows on the other's screen, and moves the other's notification bell, within two seconds of the write's
 * answer, without a reload. Only PostgreSQL carries a change between processes (LISTEN/NOTIFY), so the
 * journey needs one: E2E_PG_URL, a URL of a PostgreSQL server (any database on it) where the journey may
 * create a database of its own, started on with demo data and dropped afterwards. The built server
 * (`npm run build`) is started twice.
 */
const PG_URL = process.env.E2E_PG_URL;
const ROOT = path.join(import.meta.dirname, '..', '..');
const SERVER = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
/** Beside the main journeys' server (PORT) and its stand-ins. */
const PORTS = [PORT + 10, PORT + 11] as const;
/** How soon the other instance's screen must show a change, from the moment the change's answer arrives. */
const WITHIN_MS = 2000;

test.skip(
  !PG_URL,
  'E2E_PG_URL is not set: two instances need a PostgreSQL server to share (the embedded database is one process’s)',
);

const database = `dd_e2e_two_instances_${Date.now()}_${process.pid}`;
const servers: ChildProcess[] = [];
/** Shared by both instances, as a deployment's file storage is. */
let dataDir = '';

function psql(sql: string) {
  execFileSync('psql', [PG_URL as string, '-qXc', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function databaseUrl() {
  const url = new URL(PG_URL as string);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One instance of the built server; resolves once it answers /readyz. */
async function startServer(port: number): Promise<void> {
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl(),
      // Both instances sign and read the same tokens and encrypted data, as a real deployment's do.
      JWT_SECRET: 'two-instances-journey-secret-of-forty-characters',
      DATA_KEY: 'b'.repeat(64),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  let log = '';
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server on port ${port} stopped:\n${log}`);
    if (Date.now() - started > 60_000)
      throw new Error(`The server on port ${port} was not ready in 60 s:\n${log}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dd-e2e-two-'));
  psql(`create database ${database}`);
  // The first instance migrates the empty database and adds the demo data; the second finds both done.
  const started = Date.now();
  await startServer(PORTS[0]);
  await startServer(PORTS[1]);
  console.log(`two instances: both ready in ${Date.now() - started} ms`);
});

test.afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  if (PG_URL) psql(`drop database if exists ${database} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser session of its own on one instance, signed in as `email`, with the app's live stream open. */
async function session(browser: Browser, port: number, email: string) {
  const context: BrowserContext = await browser.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const res = await context.request.post('/users/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign-in of ${email} on port ${port}`).toBeTruthy();
  const { access, refresh } = await res.json();
  const page = await context.newPage();
  await page.goto('/about-us/');
  await page.evaluate(
    ([a, r]) => {
      localStorage.setItem('token', a);
      localStorage.setItem('refresh_token', r);
      localStorage.setItem('token_time', String(Date.now()));
    },
    [access, refresh],
  );
  return { context, page };
}

/** Opens the request with its live stream answering (so the change comes after the screen listens). */
async function openRequest(page: Page, id: number) {
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/events/') && r.status() === 200);
  await page.goto(`/request/${id}/`);
  await stream;
}

/** Opens and closes the bell, so whatever arrives next is its only unread item. */
async function readBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await closeBell(page);
}

/** Escape closes it, the focus still on the bell where opening it left it. */
async function closeBell(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
}

/** Adds a note through the screen's own form and answers the moment the server's answer came back. */
async function addNote(page: Page, text: string): Promise<number> {
  const form = page.getByRole('form', { name: 'Add a note' });
  await form.getByRole('textbox', { name: 'Note', exact: true }).fill(text);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/home/notes/') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add Note' }).click();
  const res = await answer;
  const at = Date.now();
  expect(res.status(), await res.text()).toBe(201);
  return at;
}

/** How long after `since` the locator became visible; fails when that is not within WITHIN_MS. */
async function shownWithin(locator: Locator, since: number, what: string): Promise<number> {
  await locator
    .waitFor({ state: 'visible', timeout: Math.max(1, since + WITHIN_MS - Date.now()) })
    .catch(() => {
      throw new Error(`${what}: not shown within ${WITHIN_MS} ms of the change's answer`);
    });
  const elapsed = Date.now() - since;
  expect(elapsed, what).toBeLessThan(WITHIN_MS);
  return elapsed;
}

test('two browser sessions on two instances see each other’s notes within two seconds, without a reload', async ({
  browser,
}) => {
  const staff = await session(browser, PORTS[0], 'staff@directdocs.example');
  const firm = await session(browser, PORTS[1], 'paralegal@smithlaw.example');
  const order = await orderRequest(firm.context.request);

  // Staff's request screen on instance A; the firm's on instance B, with its Notes card.
  const firmNotes = firm.page.locator('section', { has: firm.page.getByRole('heading', { name: 'Notes' }) });
  await openRequest(staff.page, order.id);
  // Not sent to the provider yet: staff skip the first send for the request's details and notes.
  await staff.page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  await expect(staff.page.getByRole('form', { name: 'Add a note' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff.page, 'staff request, instance A');
  await openRequest(firm.page, order.id);
  await expect(firmNotes).toBeVisible();
  await expectNoSeriousA11yViolations(firm.page, 'firm request, instance B');
  await readBell(staff.page);
  await readBell(firm.page);

  // Staff write on instance A; the paralegal's screen on instance B shows the note and counts it.
  const fromStaff = `Provider called back at ${Date.now()}: records are on their way.`;
  const staffWrote = await addNote(staff.page, fromStaff);
  const noteOnB = await shownWithin(
    firmNotes.getByText(fromStaff),
    staffWrote,
    'staff note on the firm screen',
  );
  const bellOnB = await shownWithin(
    firm.page.getByRole('button', { name: 'Notifications, 1 unread' }),
    staffWrote,
    'firm bell counting the staff note',
  );
  await firm.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(
    firm.page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first(),
  ).toContainText(fromStaff);
  await expectNoSeriousA11yViolations(firm.page, 'firm notification bell, instance B');
  await shot(firm.page, 'two-instances-firm-bell');
  await closeBell(firm.page);

  // The paralegal answers on instance B; staff's screen on instance A shows it and counts it.
  const fromFirm = `Thanks, please send them as soon as they arrive (${Date.now()}).`;
  const firmWrote = await addNote(firm.page, fromFirm);
  const noteOnA = await shownWithin(
    staff.page.getByText(fromFirm),
    firmWrote,
    'firm note on the staff screen',
  );
  const bellOnA = await shownWithin(
    staff.page.getByRole('button', { name: 'Notifications, 1 unread' }),
    firmWrote,
    'staff bell counting the firm note',
  );
  await expectNoSeriousA11yViolations(staff.page, 'staff request with the firm note, instance A');
  await shot(staff.page, 'two-instances-staff-request');
  test.info().annotations.push({
    type: 'live update delays (ms)',
    description: `A→B note ${noteOnB}, bell ${bellOnB}; B→A note ${noteOnA}, bell ${bellOnA}`,
  });
  console.log(
    `two instances: A→B note ${noteOnB} ms, bell ${bellOnB} ms; B→A note ${noteOnA} ms, bell ${bellOnA} ms`,
  );
  await staff.context.close();
  await firm.context.close();
});
