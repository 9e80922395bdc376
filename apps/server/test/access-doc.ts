import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY_SCOPE_LABELS } from '@dd/shared';
import { API_KEY_ROUTES } from '../src/authz/api-key-scopes';
import { CALLER_TITLES, CALLERS } from './access-fixtures';
import { ACCESS_MATRIX } from './access-matrix';

/** Renders docs/access.md from the access matrix; the access suite fails when the file differs. */
export const ACCESS_DOC_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/access.md',
);

export function renderAccessDoc(): string {
  const header = ['route', 'rule', ...CALLERS.map((c) => CALLER_TITLES[c]), 'note'];
  const rows = Object.entries(ACCESS_MATRIX).map(([key, row]) => [
    `\`${key}\``,
    `\`${row.access}\``,
    ...row.expect.split(' ').map((cell) => cell.replaceAll('|', ' or ')),
    row.note ?? '',
  ]);
  return [
    '# Access matrix',
    '',
    '<!-- Generated from apps/server/test/access-matrix.ts by `npm run docs:access`; do not edit by hand. -->',
    '',
    'Every route of the API and the HTTP status each kind of caller gets, as `apps/server/test/access.test.ts`',
    'checks it on every run. Routes that take an id are called with records of one law firm (the *target firm*):',
    '"firm member" and "firm staff" belong to it, the "other firm" callers belong to another firm and must not',
    'reach its records. "internal" means the retrieval company. A cell such as `2xx` is a status class; `400` on',
    'a public route means the test sends no valid body (the rule is what is shown). HEAD routes answer as their GET.',
    'Rules are defined in `apps/server/src/authz/index.ts`.',
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    '## API keys',
    '',
    'A call with `X-API-Key` acts as the key’s creator, a firm administrator, within the key’s scopes (decision 054).',
    'These routes are open to keys; the key needs one of the scopes listed and then answers as the "firm staff"',
    'column above (another firm’s key as "other firm staff"). Every other route answers 403 to a key, and a',
    'revoked key, or one whose creator was deactivated, gets 401. `apps/server/test/api-keys-access.test.ts`',
    'checks each of these.',
    '',
    '| route | scopes (any one) |',
    '| --- | --- |',
    ...Object.entries(API_KEY_ROUTES).map(
      ([route, scopes]) =>
        `| \`${route}\` | ${scopes.map((s) => `${API_KEY_SCOPE_LABELS[s].label} (\`${s}\`)`).join(', ')} |`,
    ),
    '',
  ].join('\n');
}
