import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Reads without a tenant are named `unsafe…` (docs/CONVENTIONS.md §4) and used only where the caller was
 * already limited: internal-staff work, whose routes admit internal staff alone; chores that act for every
 * firm and have no caller; or a second read of rows this same call created or changed after authorizing
 * them. Every file that calls one is listed here with its reason, so a new use is a reviewed decision and
 * not an accident: the test fails on a file that is not listed, and on a listed file that no longer uses one.
 */
const SRC = join(import.meta.dirname, '../src');

const INTERNAL_STAFF = 'internal-staff work: its routes admit internal staff alone, who reach every firm';
const CHORE = 'a chore acting for every firm, with no caller';
const REREAD = 'reads back the requests this call created or changed, after authorizing the caller for them';

const ALLOWED: Record<string, string> = {
  'modules/authorizations/authorizations.checklist.ts': INTERNAL_STAFF,
  'modules/fees/fees.prepayment.ts': INTERNAL_STAFF,
  'modules/followups/followups.chore.ts': CHORE,
  'modules/followups/followups.service.ts': `${INTERNAL_STAFF}; the chore runs the same cadence`,
  'modules/outcomes/outcomes.certification.ts': INTERNAL_STAFF,
  'modules/outcomes/outcomes.service.ts': INTERNAL_STAFF,
  'modules/requests/requests.archive.ts': INTERNAL_STAFF,
  'modules/requests/requests.claim.ts': INTERNAL_STAFF,
  'modules/requests/requests.create.ts': REREAD,
  'modules/requests/requests.deadline-correction.ts': INTERNAL_STAFF,
  'modules/requests/requests.move.ts': INTERNAL_STAFF,
  'modules/requests/requests.requisition.ts': INTERNAL_STAFF,
  'modules/requests/requests.split.ts': INTERNAL_STAFF,
  'modules/requests/requests.status.ts': REREAD,
  'modules/requests/requests.update.ts': REREAD,
  'modules/signing/signing.staff.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.first-send.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.info.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.service.ts': INTERNAL_STAFF,
};

/** Where the unsafe helpers are defined (and may be named without being used). */
const DEFINED_IN = [
  'authz/scopes.ts',
  'modules/requests/requests.queries.ts',
  'modules/staffwork/staffwork.service.ts',
];

const sourceFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));

const callsUnsafe = (path: string) =>
  /\bunsafe[A-Z]\w*\s*\(/.test(readFileSync(join(SRC, path), 'utf8').replace(/function unsafe[A-Z]\w*/g, ''));

describe('reads without a tenant', () => {
  const users = sourceFiles.filter(callsUnsafe).sort();

  it('are used only by the files listed with their reason', () => {
    expect(users.filter((path) => !(path in ALLOWED))).toEqual([]);
  });

  it('are still used by every listed file (the list shrinks with the code)', () => {
    expect(Object.keys(ALLOWED).filter((path) => !users.includes(path))).toEqual([]);
  });

  it('are defined only in the scope and query files', () => {
    const definers = sourceFiles.filter((path) =>
      /export (async )?function unsafe[A-Z]/.test(readFileSync(join(SRC, path), 'utf8')),
    );
    expect(definers.filter((path) => !DEFINED_IN.includes(path))).toEqual([]);
    expect(definers.length).toBeGreaterThan(0);
  });
});
