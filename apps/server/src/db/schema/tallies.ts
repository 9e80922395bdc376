import { cents } from '@dd/shared';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { centsColumn } from './money';

const money = (name: string) => centsColumn(name).notNull().default(cents(0));

/**
 * The data dashboard's all-time figures as running tallies (migration 0013): the trigger requests_tally
 * adds a row of +1 for what an active request now counts towards and -1 for what it counted towards
 * before, per law firm and per claimant (0: nobody), status and rush. Summing them gives each group's
 * totals without reading a million requests; only inserts, so concurrent changes never wait on each
 * other, and the tally compactor folds the rows together now and then.
 */
export const requestTallies = pgTable(
  'request_tallies',
  {
    byWorker: boolean('by_worker').notNull(),
    groupId: integer('group_id').notNull(),
    status: text('status').notNull(),
    rush: boolean('rush').notNull(),
    n: integer('n').notNull(),
    received: integer('received').notNull(),
    turnaround: bigint('turnaround', { mode: 'number' }).notNull(),
    billed: integer('billed').notNull(),
    billedSum: centsColumn('billed_sum').notNull(),
    /** The quotes (price) of the requests not billed yet: what an outcome that bills the quote adds up. */
    quotedSum: money('quoted_sum'),
  },
  (t) => [index('request_tallies_group_idx').on(t.byWorker, t.groupId, t.status, t.rush)],
);

/**
 * The data dashboard's charts as running tallies per hour (migration 0054): the trigger requests_hour_tally adds,
 * for an active request, +1 in the hour it was ordered (`created`), in that same hour while its status is open
 * (`open`), in the hour it was finished (`finished`: closed, else completed) and in the hour its documents arrived
 * (`received`, with its whole days from order to arrival in `days`), and -1 for what it counted before. Hours are
 * whole UTC hours, so weeks of any zone a whole number of hours from UTC are sums of them; the compactor folds
 * the rows, as for request_tallies.
 */
export const requestHourTallies = pgTable(
  'request_hour_tallies',
  {
    kind: text('kind').$type<'created' | 'open' | 'finished' | 'received'>().notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    n: integer('n').notNull(),
    days: bigint('days', { mode: 'number' }).notNull(),
  },
  (t) => [index('request_hour_tallies_kind_hour_idx').on(t.kind, t.hour)],
);

/**
 * The invoice screen's totals as running tallies per firm (migration 0056): each line of a request the invoice
 * covers (an active request, or a line on a billing) adds +1 here with its amounts, and -1 with the amounts it
 * had before, kept by the triggers invoices_add_to_tallies and requests_invoice_tally. What a line bills
 * depends on the fee settings when it is neither on a billing nor of a request billed before, so those lines
 * keep their quotes (`quoted`) and the settings are applied when the totals are read (invoices.queries.ts).
 * The compactor folds the rows, as for request_tallies.
 */
export const invoiceTallies = pgTable(
  'invoice_tallies',
  {
    // A firm's tallies go with it (a firm with requests cannot be deleted; one without has only zeros).
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    rush: boolean('rush').notNull(),
    /** The line's billing; null for an unbilled line, or a request without a line. */
    billId: bigint('bill_id', { mode: 'number' }),
    /** The request has a line on a billing (its billed_price is set): its other lines bill their own price. */
    billedBefore: boolean('billed_before').notNull(),
    n: integer('n').notNull(),
    /** The lines' own prices (0 for a request without a line). */
    linePrice: centsColumn('line_price').notNull(),
    /** The requests' quoted prices. */
    quoted: centsColumn('quoted').notNull(),
    providerCost: centsColumn('provider_cost').notNull(),
    pageFee: centsColumn('page_fee').notNull(),
    surcharge: centsColumn('surcharge').notNull(),
  },
  (t) => [index('invoice_tallies_company_idx').on(t.companyId, t.status)],
);
