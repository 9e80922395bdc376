// SQL lives in query files (docs/CONVENTIONS.md §3): inside a server module, only `*.queries.ts` builds
// statements, so a service reads as its business rule and every statement of a module is in one place to review
// for its tenant condition and its index. A file builds SQL when it imports a value (not only a type) from
// drizzle-orm or from db/schema: the tables and the operators are what a statement is made of. A service still
// opens transactions (`db.transaction`) and hands `tx` to the query functions.
// Test files and `*.fixtures.ts` (rows that tests and the fuzzer insert) are exempt.
// Usage: node scripts/check-sql-placement.mjs; exit 1 on a file that builds SQL outside a query file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../apps/server/src/modules');

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

if (builders.length > 0) {
  console.error(
    `SQL outside query files (see docs/CONVENTIONS.md §3); move these files' statements into their module's *.queries.ts:\n${builders.map((path) => `modules/${path}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('SQL stays in query files');
