import { ACCOUNT_ROWS } from './access-matrix-accounts';
import { ADMIN_ROWS } from './access-matrix-admin';
import { BILLING_ROWS } from './access-matrix-billing';
import { COMPLETENESS_ROWS } from './access-matrix-completeness';
import { FOLLOW_UP_ROWS } from './access-matrix-followups';
import { FORM_ROWS } from './access-matrix-forms';
import { API_KEY_ROWS } from './access-matrix-keys';
import type { MatrixRow } from './access-matrix-kit';
import { OUTCOME_ROWS } from './access-matrix-outcomes';
import { PACKAGE_ROWS } from './access-matrix-package';
import { RECORD_ROWS } from './access-matrix-records';
import { SEARCH_ROWS } from './access-matrix-search';
import { SIGNING_ROWS } from './access-matrix-signing';
import { WEBHOOK_ROWS } from './access-matrix-webhooks';
import { WEBSITE_ROWS } from './access-matrix-website';

export type { CallInput, MatrixRow } from './access-matrix-kit';

/**
 * The access matrix: every registered route × every kind of caller, with the status each must get.
 * `test/access.test.ts` calls every cell and fails on a route missing here; `docs/access.md` is
 * generated from this table (`npm run docs:access`).
 *
 * `expect` lists one status per caller in the order of CALLERS (anonymous, firm member, firm staff,
 * other firm member, other firm staff, internal non-staff, internal staff, internal admin).
 * A cell is a status ('200'), alternatives ('403|404') or a class ('2xx'). Every id a route is called
 * with belongs to the target firm (the firm of "firm member" and "firm staff"), so the two "other
 * firm" columns show that nobody reaches another firm's records.
 * HEAD routes Fastify adds beside a GET are checked against the GET row. Whatever a caller of another
 * firm gets with a 2xx must not name the target firm, its client or its member (lists are scoped).
 */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  ...ACCOUNT_ROWS,
  ...RECORD_ROWS,
  ...PACKAGE_ROWS,
  ...OUTCOME_ROWS,
  ...SEARCH_ROWS,
  ...FOLLOW_UP_ROWS,
  ...COMPLETENESS_ROWS,
  ...BILLING_ROWS,
  ...FORM_ROWS,
  ...SIGNING_ROWS,
  ...WEBSITE_ROWS,
  ...ADMIN_ROWS,
  ...API_KEY_ROWS,
  ...WEBHOOK_ROWS,
};
