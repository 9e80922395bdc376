import { BASE_REQUEST_PRICE, DEFAULT_STALE_AFTER_BUSINESS_DAYS } from '@dd/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { centsColumn } from './money';

/** Law firms and the internal (retrieval) company. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    adminName: text('admin_name'),
    adminEmail: text('admin_email'),
    adminPhone: text('admin_phone'),
    adminFax: text('admin_fax'),
    address1: text('address_1'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    phoneNumber: text('phone_number'),
    faxNumber: text('fax_number'),
    /** The firm's price per provider, in whole cents. */
    requestPrice: centsColumn('request_price').notNull().default(BASE_REQUEST_PRICE),
    releaseFormUrl: text('release_form_url'),
    /** Replaces the old product's magic company id for the automatic invoice surcharge. */
    autoSurcharge: boolean('auto_surcharge').notNull().default(false),
    /** Follow-ups to providers: business days after the first send, then one every `followUpEvery`. */
    followUpDays: integer('follow_up_days').array().notNull().default(sql`'{7,14,21}'::integer[]`),
    followUpEvery: integer('follow_up_every').notNull().default(5),
    /** A provider charge above this many cents waits for the firm's approval; null: none does. */
    autoApproveLimit: centsColumn('auto_approve_limit'),
    /** An open request the provider has not answered for this many business days is offered for cancellation. */
    staleAfterBusinessDays: integer('stale_after_business_days')
      .notNull()
      .default(DEFAULT_STALE_AFTER_BUSINESS_DAYS),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_request_price_ck', sql`${t.requestPrice} >= 0`),
    check('companies_auto_approve_limit_ck', sql`${t.autoApproveLimit} >= 0`),
    check('companies_stale_after_ck', sql`${t.staleAfterBusinessDays} between 10 and 365`),
    check('companies_follow_up_every_ck', sql`${t.followUpEvery} between 1 and 30`),
    index('companies_name_idx').on(t.name),
  ],
);
