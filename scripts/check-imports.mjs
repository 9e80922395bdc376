// Import boundaries of the web app (docs/CONVENTIONS.md §2): imports flow one way, app/ -> features -> ui/, api/,
// auth/, packages/shared. Biome's noRestrictedImports matches specifiers, not resolved paths, so it cannot tell
// '../files' (a feature's public index) from '../files/api' (its internals); this script resolves each relative
// import and checks where it lands. Usage: node scripts/check-imports.mjs [web src folder]; exit 1 on a violation.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/web/src'));

// Folders below app/ and features/: they may not reach up into either.
const BASE_LAYERS = new Set(['ui', 'api', 'auth', 'test']);
const SOURCE = /\.(tsx?|mts|mjs|js)$/;
// Static imports and re-exports (possibly over several lines), side-effect and dynamic imports, and test mocks
// (a test that mocks app/auth depends on app/ as much as one that imports it).
const SPECIFIER =
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\b(?:import|vi\.mock|vi\.doMock)\s*\(?\s*['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** Path segments below the web src folder, e.g. ['features', 'files', 'api']. */
const segments = (path) => relative(root, path).split(sep);

/** Why importing `target` from `from` breaks the boundaries, or undefined when it does not. */
function violation(from, target) {
  const [fromTop, fromFeature] = segments(from);
  const [top, feature, ...rest] = segments(target);
  if (top === '..' || fromTop === 'app') return undefined;
  if (top === 'app' && (fromTop === 'features' || BASE_LAYERS.has(fromTop)))
    return 'imports app/; move the shared hook or type to auth/, ui/ or a small module both import';
  if (top === 'features' && BASE_LAYERS.has(fromTop) && fromTop !== 'test')
    return `${fromTop}/ imports a feature; features build on ${fromTop}/, not the other way round`;
  if (fromTop === 'features' && top === 'features' && feature !== fromFeature) {
    const inner = rest.join('/').replace(SOURCE, '');
    if (inner !== '' && inner !== 'index')
      return `reaches into features/${feature}/${rest.join('/')}; import what it exports from '…/${feature}'`;
  }
  return undefined;
}

const problems = [];
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const why = violation(file, resolve(dirname(file), specifier));
    if (!why) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(`${relative(process.cwd(), file)}:${line}: '${specifier}' ${why}`);
  }
}

if (problems.length > 0) {
  console.error(`Import boundary violations (see docs/CONVENTIONS.md §2):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries hold in ${relative(process.cwd(), root) || '.'}`);
