import { FEE_APPROVAL_KINDS, FEE_APPROVAL_STATES, FEE_DECLINE_ACTIONS, REQUEST_STATUSES } from '@dd/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { companies } from './companies';
import { centsColumn } from './money';
import { requests } from './requests';
import { firmKey } from './tenant';
import { userDirectory } from './users';

/**
 * A provider charge the firm must approve (docs/fees.md): asked when staff record a charge above the
 * firm's limit, answered by the firm. At most one is pending per request; `resume_status` is where the
 * request goes back to once it is approved.
 */
export const feeApprovals = pgTable(
  'fee_approvals',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: FEE_APPROVAL_KINDS }).notNull().default('charge'),
    amount: centsColumn('amount').notNull(),
    state: text('state', { enum: FEE_APPROVAL_STATES }).notNull().default('pending'),
    /** The fee check's answer when the approval was asked (cap, verdict, rule), as the API gave it. */
    feeCheck: jsonb('fee_check'),
    resumeStatus: text('resume_status', { enum: REQUEST_STATUSES }).notNull(),
    askedById: integer('asked_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: integer('decided_by_id').references(() => userDirectory.userId, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineAction: text('decline_action', { enum: FEE_DECLINE_ACTIONS }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    primaryKey({ name: 'fee_approvals_pkey', columns: [t.id, t.companyId] }),
    firmKey('fee_approvals_request_fk', [t.requestId, t.companyId], requests).onDelete('cascade'),
    check('fee_approvals_kind_ck', oneOf(t.kind, FEE_APPROVAL_KINDS)),
    check('fee_approvals_state_ck', oneOf(t.state, FEE_APPROVAL_STATES)),
    check('fee_approvals_decline_action_ck', oneOf(t.declineAction, FEE_DECLINE_ACTIONS)),
    check('fee_approvals_resume_status_ck', oneOf(t.resumeStatus, REQUEST_STATUSES)),
    check('fee_approvals_amount_ck', sql`${t.amount} >= 0`),
    uniqueIndex('fee_approvals_one_pending_uq')
      .on(t.requestId, t.companyId)
      .where(sql`${t.state} = 'pending'`),
    index('fee_approvals_request_idx').on(t.requestId, t.askedAt),
  ],
);
