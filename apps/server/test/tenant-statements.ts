import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DISTRIBUTED_TABLES } from '../src/db/distribution';

/**
 * The tenant-condition check: every statement a law firm's call sends that reads or changes a tenant table
 * must compare that table's `company_id` (docs/scale.md: a firm's queries name their firm, so a distributed
 * database can send them to the firm's shard). The access suite records each firm caller's statements with
 * `recordingStatements` and asks `tenantViolations` about them.
 */

/**
 * The statements known to break the rule, one a line: the exceptions that will stay (each says why, in a
 * comment above it) and the queries not converted yet. A new statement that breaks the rule fails the
 * test; `TENANT_GAPS_WRITE=1` rewrites the list of those not converted yet from a run.
 */
export const KNOWN_GAPS_FILE = 'test/tenant-gaps.txt';
const knownGapsPath = fileURLToPath(new URL('./tenant-gaps.txt', import.meta.url));
const NOT_CONVERTED = '# Not converted yet (each should gain its company_id condition):';

/** Parameter lists vary in length with the call (`in ($1, $2)`), so they are compared as one. */
export const normalizeStatement = (statement: string) =>
  statement
    .replace(/\$\d+(?:, \$\d+)*/g, '$n')
    .replace(/\s+/g, ' ')
    .trim();

export function readKnownGaps(): Set<string> {
  const lines = readFileSync(knownGapsPath, 'utf8').split('\n');
  return new Set(lines.filter((line) => line.trim() && !line.startsWith('#')));
}

export function writeKnownGaps(found: string[]): void {
  const text = readFileSync(knownGapsPath, 'utf8');
  const head = text.slice(0, text.indexOf(NOT_CONVERTED));
  const kept = new Set(head.split('\n').filter((line) => line.trim() && !line.startsWith('#')));
  const rest = found.filter((statement) => !kept.has(statement)).sort();
  writeFileSync(knownGapsPath, `${head}${NOT_CONVERTED}\n${rest.join('\n')}\n`);
}

let bucket: string[] | undefined;

/** openDatabase's logQuery in the tests: keeps the statement while a recording is on. */
export function recordStatement(query: string): void {
  bucket?.push(query);
}

export async function recordingStatements<T>(
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  bucket = statements;
  try {
    return { result: await run(), statements };
  } finally {
    bucket = undefined;
  }
}

const NOT_AN_ALIAS = new Set([
  'where',
  'on',
  'left',
  'right',
  'inner',
  'full',
  'cross',
  'join',
  'set',
  'order',
  'group',
  'limit',
  'for',
  'using',
  'returning',
  'union',
  'natural',
  'lateral',
  'offset',
  'having',
  'window',
  'values',
]);

/** `from "notes" "n"`, `join requests r`, `update "files" set`, `delete from "sessions"`: table and alias. */
const TABLE_REFERENCE = /\b(?:from|join|update)\s+"?([a-z_]+)"?(?:\s+(?:as\s+)?"?([a-z_]+)"?)?/gi;

/** `company_id = $1`, `company_id in ($1, $2)`, `company_id = any($1)`, `$1 = company_id`: a firm named by value. */
const FIRM_BY_VALUE =
  /company_id"?\s*(?:=|in\b|is not distinct from)\s*(?:any\s*)?\(?\s*\$\d|\$\d+\s*=\s*(?:"?[a-z_]+"?\.)?"?company_id/i;

/**
 * The tenant tables a statement reads or changes without comparing their `company_id`. Comparing one
 * table's firm to another's (`n.company_id = requests.company_id`) only chains them: somewhere the
 * statement must also name a firm by value, or it names none and reads across every firm.
 */
export function tenantViolations(statement: string): string[] {
  const missing: string[] = [];
  const namesAFirm = FIRM_BY_VALUE.test(statement);
  for (const match of statement.matchAll(TABLE_REFERENCE)) {
    const table = match[1].toLowerCase();
    if (!(DISTRIBUTED_TABLES.has(table) && table !== 'companies')) continue;
    if (!namesAFirm) {
      missing.push(table);
      continue;
    }
    const alias = match[2] && !NOT_AN_ALIAS.has(match[2].toLowerCase()) ? match[2] : table;
    const compared = new RegExp(
      `"?${alias}"?\\."?company_id"?\\s*(=|in\\b|is not distinct)|(=|\\bin)\\s*\\(?\\s*"?${alias}"?\\."?company_id"?`,
      'i',
    );
    if (!compared.test(statement)) missing.push(table);
  }
  return [...new Set(missing)];
}
