// SQL lives in query files (docs/CONVENTIONS.md §3): inside a server module, only `*.queries.ts` builds
// statements, so a service reads as its business rule and every statement of a module is in one place to review
// for its tenant condition and its index. A file builds SQL when it imports a value (not only a type) from
// drizzle-orm or from db/schema: the tables and the operators are what a statement is made of. A service still
// opens transactions (`db.transaction`) and hands `tx` to the query functions.
// Test files and `*.fixtures.ts` (rows that tests and the fuzzer insert) are exempt.
// Files not yet converted are listed in scripts/sql-outside-queries.txt; the check fails on a file that builds SQL
// and is not listed, and on a listed file that no longer does (so the list only shrinks).
// Usage: node scripts/check-sql-placement.mjs [--write]   (--write rewrites the list from the current files)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../apps/server/src/modules');
const listFile = join(here, 'sql-outside-queries.txt');

const EXEMPT = /\.(queries|test|fixtures)\.ts$/;
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'(drizzle-orm[^']*|(?:\.\.?\/)+db\/schema)'/g;

/** Whether the file imports a value from drizzle-orm or db/schema. */
function buildsSql(text) {
  for (const [, wholeIsType, names] of text.matchAll(IMPORT)) {
    if (wholeIsType) continue;
    const values = names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '));
    if (values.length > 0) return true;
  }
  return false;
}

const builders = readdirSync(root, { recursive: true })
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts') && !EXEMPT.test(path))
  .filter((path) => buildsSql(readFileSync(join(root, path), 'utf8')))
  .sort();

if (process.argv.includes('--write')) {
  const header =
    '# Module files that still build SQL outside a *.queries.ts file (scripts/check-sql-placement.mjs).\n';
  writeFileSync(listFile, header + builders.map((path) => `${path}\n`).join(''));
  console.log(`Wrote ${builders.length} files to ${listFile}`);
  process.exit(0);
}

const listed = new Set(
  readFileSync(listFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);
const problems = [
  ...builders
    .filter((path) => !listed.has(path))
    .map((path) => `modules/${path}: builds SQL; move its statements into the module's *.queries.ts`),
  ...[...listed]
    .filter((path) => !builders.includes(path))
    .map(
      (path) =>
        `scripts/sql-outside-queries.txt: ${path} no longer builds SQL (or is gone); remove it from the list`,
    ),
];
if (problems.length > 0) {
  console.error(`SQL outside query files (see docs/CONVENTIONS.md §3):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`SQL stays in query files (${listed.size} older files still listed)`);
