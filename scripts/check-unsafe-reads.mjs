// Reads without a tenant (docs/CONVENTIONS.md §4) are named `unsafe…` and used only where the caller was already
// limited: internal-staff work, whose routes admit internal staff alone; chores that act for every firm and have no
// caller; or a second read of rows this same call created or changed after authorizing them. Every server file that
// calls one is listed here with its reason, so a new use is a reviewed decision, not an accident. Exit 1 on a file
// that calls one and is not listed, on a listed file that no longer calls one, or on a definition outside DEFINED_IN.
// Usage: node scripts/check-unsafe-reads.mjs [server src folder]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src'));

const INTERNAL_STAFF = 'internal-staff work: its routes admit internal staff alone, who reach every firm';
const CHORE = 'a chore acting for every firm, with no caller';
const REREAD = 'reads back the requests this call created or changed, after authorizing the caller for them';

const ALLOWED = {
  'modules/authorizations/authorizations.checklist.queries.ts': INTERNAL_STAFF,
  'modules/authorizations/authorizations.checklist.ts': INTERNAL_STAFF,
  'modules/billing/billings.service.ts': `${INTERNAL_STAFF}; and a confirmed card charge (a webhook, with no caller) settles its billing`,
  'modules/billing/invoices.service.ts': INTERNAL_STAFF,
  'modules/fees/fees.prepayment.ts': INTERNAL_STAFF,
  'modules/fees/fees.queries.ts': INTERNAL_STAFF,
  'modules/followups/followups.chore.ts': CHORE,
  'modules/followups/followups.service.ts': `${INTERNAL_STAFF}; the chore runs the same cadence`,
  'modules/notes/notes.context.queries.ts': `${INTERNAL_STAFF}; and ${CHORE}`,
  'modules/outcomes/outcomes.certification.ts': INTERNAL_STAFF,
  'modules/outcomes/outcomes.queries.ts': INTERNAL_STAFF,
  'modules/outcomes/outcomes.service.ts': INTERNAL_STAFF,
  'modules/requests/requests.archive.queries.ts': INTERNAL_STAFF,
  'modules/requests/requests.archive.ts': INTERNAL_STAFF,
  'modules/requests/requests.claim.queries.ts': INTERNAL_STAFF,
  'modules/requests/requests.claim.ts': INTERNAL_STAFF,
  'modules/requests/requests.create.ts': REREAD,
  'modules/requests/requests.deadline-correction.queries.ts': INTERNAL_STAFF,
  'modules/requests/requests.deadline-correction.ts': INTERNAL_STAFF,
  'modules/requests/requests.input.ts':
    'finds the request being split through the create call for internal staff alone (request.staffWork), who reach every firm',
  'modules/requests/requests.move.queries.ts': INTERNAL_STAFF,
  'modules/requests/requests.move.ts': INTERNAL_STAFF,
  'modules/requests/requests.requisition.ts': INTERNAL_STAFF,
  'modules/requests/requests.split.queries.ts': INTERNAL_STAFF,
  'modules/requests/requests.split.ts': INTERNAL_STAFF,
  'modules/requests/requests.status.ts': REREAD,
  'modules/requests/requests.update.ts': REREAD,
  'modules/signing/signing.expiry.queries.ts': INTERNAL_STAFF,
  'modules/signing/signing.staff.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.first-send.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.info.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.queries.ts': INTERNAL_STAFF,
  'modules/staffwork/staffwork.service.ts': INTERNAL_STAFF,
};

/** Where the unsafe helpers are defined. */
const DEFINED_IN = new Set([
  'authz/scopes.ts',
  'modules/billing/billings.queries.ts',
  'modules/billing/invoice-lines.queries.ts',
  'modules/authorizations/authorizations.checklist.queries.ts',
  'modules/fees/fees.queries.ts',
  'modules/followups/followups.queries.ts',
  'modules/notes/notes.context.queries.ts',
  'modules/outcomes/outcomes.queries.ts',
  'modules/requests/requests.archive.queries.ts',
  'modules/requests/requests.claim.queries.ts',
  'modules/requests/requests.deadline-correction.queries.ts',
  'modules/requests/requests.input.queries.ts',
  'modules/requests/requests.move.queries.ts',
  'modules/requests/requests.queries.ts',
  'modules/requests/requests.requisition.queries.ts',
  'modules/requests/requests.split.queries.ts',
  'modules/signing/signing.expiry.queries.ts',
  'modules/staffwork/staffwork.queries.ts',
  'modules/staffwork/staffwork.service.ts',
]);

const files = readdirSync(root, { recursive: true })
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

const problems = [];
const callers = new Set();
for (const { path, text } of files) {
  if (/export (async )?function unsafe[A-Z]/.test(text) && !DEFINED_IN.has(path))
    problems.push(`${path}: defines an unsafe… read outside ${[...DEFINED_IN].join(', ')}`);
  if (!/\bunsafe[A-Z]\w*\s*\(/.test(text.replace(/function unsafe[A-Z]\w*/g, ''))) continue;
  callers.add(path);
  if (!(path in ALLOWED)) problems.push(`${path}: calls an unsafe… read but is not listed with its reason`);
}
for (const path of Object.keys(ALLOWED))
  if (!callers.has(path)) problems.push(`${path}: listed, but calls no unsafe… read any more (remove it)`);

if (problems.length > 0) {
  console.error(`Reads without a tenant (see docs/CONVENTIONS.md §4):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `${callers.size} files read without a tenant, each listed with its reason (${relative(process.cwd(), root)})`,
);
