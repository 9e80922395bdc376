import { cents } from '@dd/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nonNegative } from './checks';
import { companies } from './companies';
import { centsColumn } from './money';
import { requests } from './requests';
import { firmKey, tenantColumn } from './tenant';

/** Invoice lines per request, the billings that group them for a law firm, and the fee settings (money in
 *  whole cents). */
const money = (name: string) => centsColumn(name).notNull().default(cents(0));

export const billings = pgTable(
  'billings',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'billings_pkey', columns: [t.id, t.companyId] }),
    index('billings_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    index('billings_created_idx').on(t.createdAt.desc()),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    companyId: tenantColumn(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    price: money('price'),
    providerCost: money('provider_cost'),
    pageFee: money('page_fee'),
    autoAddedSurcharge: money('auto_added_surcharge'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    invoiceUrl: text('invoice_url'),
    billId: bigint('bill_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invoices_pkey', columns: [t.id, t.companyId] }),
    // RESTRICT: invoice lines are money; a request that has them is archived, never erased.
    firmKey('invoices_request_fk', [t.requestId, t.companyId], requests).onDelete('restrict'),
    // A billing deleted leaves its lines unbilled: the migration sets only bill_id to null (ON DELETE SET
    // NULL (bill_id)), since the line keeps its firm.
    firmKey('invoices_bill_fk', [t.billId, t.companyId], billings).onDelete('set null'),
    check('invoices_money_ck', nonNegative(t.price, t.providerCost, t.pageFee, t.autoAddedSurcharge)),
    index('invoices_request_idx').on(t.requestId),
    index('invoices_bill_idx').on(t.billId),
    // At most one open (unbilled) line per request: edits update it, billing freezes it.
    uniqueIndex('invoices_one_unbilled_idx').on(t.requestId, t.companyId).where(sql`${t.billId} is null`),
  ],
);

/** Fee amounts per closing status. Exactly one row, id 1 (the spec's "fixed id"). */
export const priceSettings = pgTable(
  'price_settings',
  {
    id: integer('id').primaryKey().default(1),
    completedDocumentsArrived: money('completed_documents_arrived'),
    completedDocumentsUnavailable: money('completed_documents_unavailable'),
    closedDocumentsArrived: money('closed_documents_arrived'),
    closedDocumentsUnavailable: money('closed_documents_unavailable'),
    cancelled: money('cancelled'),
    rush: money('rush'),
    closedOriginallyNoDocument: money('closed_originally_no_document'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('price_settings_single_row_ck', sql`${t.id} = 1`),
    check(
      'price_settings_money_ck',
      nonNegative(
        t.completedDocumentsArrived,
        t.completedDocumentsUnavailable,
        t.closedDocumentsArrived,
        t.closedDocumentsUnavailable,
        t.cancelled,
        t.rush,
        t.closedOriginallyNoDocument,
      ),
    ),
  ],
);
