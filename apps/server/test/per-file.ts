import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { closeContext } from './helpers';

// Which file this worker is running, until it ends (test/global-setup.ts names it if the worker dies).
const runningNote = process.env.DD_RUNNING_DIR
  ? path.join(process.env.DD_RUNNING_DIR, String(process.pid))
  : null;
beforeAll(() => {
  if (runningNote) writeFileSync(runningNote, expect.getState().testPath ?? 'an unknown file');
});
afterAll(() => {
  if (runningNote) rmSync(runningNote, { force: true });
});

// Every test file closes the app and database it opened, wherever it opened them (a test or a hook).
afterAll(closeContext);
