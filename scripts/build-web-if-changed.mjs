/**
 * `npm start` builds the web app only when it is missing or its sources changed since the last build
 * (newest file under the web app's and the shared package's sources against dist/index.html).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/scripts',
  'packages/shared/src',
  'package-lock.json',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (changedAt > builtAt) {
  console.log(builtAt ? 'Web app sources changed: building…' : 'Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
} else {
  console.log('Web app build is up to date.');
}
