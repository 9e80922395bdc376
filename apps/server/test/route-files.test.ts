import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Thin routes (docs/CONVENTIONS.md §3): a route file validates, calls a service and shapes the
 * reply; the SQL, its tenant scoping and its transactions live in the module's service or queries file.
 * This reads every `modules/**\/*.routes.ts` and fails on a query or a schema import.
 */
const MODULES = join(import.meta.dirname, '../src/modules');

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  {
    what: 'runs a query (db.select/insert/update/delete)',
    pattern: /\bdb\s*\.\s*(select|insert|update|delete)\b/,
  },
  { what: 'opens a transaction (db.transaction)', pattern: /\bdb\s*\.\s*transaction\b/ },
  { what: 'runs raw SQL (db.execute)', pattern: /\bdb\s*\.\s*execute\b/ },
  { what: 'works inside a transaction (tx.)', pattern: /\btx\s*\./ },
  { what: "imports tables from '../../db/schema'", pattern: /from\s*['"](\.\.\/)+db\/schema(\/[^'"]*)?['"]/ },
];

const routeFiles = (readdirSync(MODULES, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.routes.ts'))
  .sort();

function problemsOf(path: string): string[] {
  const text = readFileSync(join(MODULES, path), 'utf8');
  return FORBIDDEN.flatMap(({ what, pattern }) => {
    const match = pattern.exec(text);
    if (!match) return [];
    const line = text.slice(0, match.index).split('\n').length;
    return [`${relative(process.cwd(), join(MODULES, path))}:${line} ${what}`];
  });
}

describe('route files hold no SQL', () => {
  it('finds the route files', () => {
    expect(routeFiles).toContain('notes/notes.routes.ts');
  });

  it.each(routeFiles)('%s calls services only', (path) => {
    expect(problemsOf(path)).toEqual([]);
  });
});
