import { z } from 'zod';
import { pageSchema } from './api-shapes';
import { IdSchema } from './ids';
import { AmountSchema, addCents, type Cents, MoneyInputSchema, requiredMoneyInput } from './money';
import { REQUEST_STATUSES, type RequestStatus, STATUS } from './statuses';

/**
 * Invoices, fee settings and billings (staff spec sections 2, 3, 4 and 7). An invoice line is
 * one request's charges: the fee, the provider's cost, the page fee and the automatic surcharge. A billing
 * groups a law firm's finished, unbilled lines; a billed line is frozen.
 */

/* Fee settings: GET or POST /api/home/price/1/. */

export const FEE_FIELDS = [
  'completed_documents_arrived',
  'completed_documents_unavailable',
  'closed_documents_arrived',
  'closed_documents_unavailable',
  'cancelled',
  'rush',
  'closed_originally_no_document',
] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
/** The fee settings in whole cents, as the server reads them. */
export type FeeSettings = Record<FeeField, Cents>;

export const FEE_LABELS: Record<FeeField, string> = {
  completed_documents_arrived: 'Completed - Documents Arrived (the price a new law firm starts with)',
  completed_documents_unavailable: 'Completed - No Documents Available',
  closed_documents_arrived:
    'Closed - Documents Arrived (not billed: such a request bills the price quoted at order)',
  closed_documents_unavailable: 'Closed - No Documents Available',
  cancelled: 'Closed - Cancelled Request',
  rush: 'Rush (added to any fee)',
  closed_originally_no_document: 'Closed - Originally no document found/now document arrived',
};

const feeShape = <T extends z.ZodType>(field: (f: FeeField) => T) =>
  Object.fromEntries(FEE_FIELDS.map((f) => [f, field(f)])) as Record<FeeField, T>;

export const FeeSettingsSchema = z.object({
  id: z.number(),
  ...feeShape(() => AmountSchema),
  updated_at: z.string(),
});
export type FeeSettingsAnswer = z.infer<typeof FeeSettingsSchema>;

/** Every fee is required: missing or blank reads the spec's required-field message with the fee's label. */
export const FeeSettingsBodySchema = z
  .object({
    ...feeShape((f) => requiredMoneyInput(FEE_LABELS[f])),
    id: z.unknown().optional(),
  })
  .strict();
export type FeeSettingsBody = z.input<typeof FeeSettingsBodySchema>;

/** The price quoted at order (the firm's own price with rush, or the certification's flat price). */
export const QUOTED = 'quoted';

/**
 * What each finished outcome bills: a request whose documents arrived (completed or closed) bills the
 * price it was quoted at order; every other outcome bills its fee setting (plus the rush setting for a
 * rush request). Every request stores its quote when it is ordered, so the two 'Documents Arrived'
 * settings never price a request (the completed one is the price a new firm starts with). Open requests
 * bill nothing yet. The SQL in the server's invoice queries is built from this table.
 */
export const FEE_BY_STATUS: Partial<
  Record<
    RequestStatus,
    typeof QUOTED | Exclude<FeeField, 'rush' | 'completed_documents_arrived' | 'closed_documents_arrived'>
  >
> = {
  [STATUS.completedArrived]: QUOTED,
  [STATUS.completedUnavailable]: 'completed_documents_unavailable',
  [STATUS.closedArrived]: QUOTED,
  [STATUS.closedUnavailable]: 'closed_documents_unavailable',
  [STATUS.closedOriginallyNone]: 'closed_originally_no_document',
  [STATUS.cancelled]: 'cancelled',
};

/**
 * Statuses whose lines go on a billing: completed or closed (the confirmation says so); also the outcomes
 * a request can bill, in the order the order screen lists them.
 */
export const BILLABLE_STATUSES = REQUEST_STATUSES.filter((s) => FEE_BY_STATUS[s] !== undefined);

/** A request's quote: the price stored when it was ordered (rush included) and whether it is a rush. */
export interface Quote {
  price: Cents;
  rush: boolean;
}

/**
 * The one pricing rule of a request's fee: what its status bills (see FEE_BY_STATUS), or its quote while
 * it is open. A billed line keeps the fee it was billed with instead.
 */
export function outcomeFee(settings: FeeSettings, status: RequestStatus, quote: Quote): Cents {
  const field = FEE_BY_STATUS[status];
  if (!field || field === QUOTED) return quote.price;
  const fee = settings[field];
  return quote.rush ? addCents(fee, settings.rush) : fee;
}

/** What the order screen shows: the fee of every outcome for this quote. */
export function outcomeFees(settings: FeeSettings, quote: Quote) {
  return BILLABLE_STATUSES.map((status) => ({
    status,
    fee: outcomeFee(settings, status, quote),
    quoted: FEE_BY_STATUS[status] === QUOTED,
  }));
}

/** A line's total: fee, provider cost, page fee and surcharge, added in cents. */
export function lineTotal(line: {
  price: Cents;
  provider_cost: Cents;
  page_fee: Cents;
  auto_added_surcharge: Cents;
}): Cents {
  return addCents(line.price, line.provider_cost, line.page_fee, line.auto_added_surcharge);
}

/* Companies to invoice: GET /api/invoices/. */

export const InvoiceCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  normal_requests: z.number(),
  rush_requests: z.number(),
  unbilled_lines: z.number(),
});
export type InvoiceCompany = z.infer<typeof InvoiceCompanySchema>;

/* A company's invoice lines: GET /api/invoices/{company_id}/. */

export const InvoiceLineSchema = z.object({
  /** The invoice line; null for a request that has no line yet (its fee is shown, its costs are 0). */
  id: z.number().nullable(),
  request: z.object({
    id: z.number(),
    internal_number: z.string().nullable(),
    status: z.string(),
    rush: z.boolean(),
    created_at: z.string(),
    client: z.string(),
    provider: z.string().nullable(),
  }),
  price: AmountSchema,
  provider_cost: AmountSchema,
  page_fee: AmountSchema,
  auto_added_surcharge: AmountSchema,
  total: AmountSchema,
  bill_id: z.number().nullable(),
  bill_title: z.string().nullable(),
  is_paid: z.boolean(),
  /** The firm's approval of the provider's charge, when it had to approve it (docs/fees.md). */
  fee_approval: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceTotalsSchema = z.object({
  lines: z.number(),
  price: AmountSchema,
  provider_cost: AmountSchema,
  page_fee: AmountSchema,
  auto_added_surcharge: AmountSchema,
  total: AmountSchema,
});
export type InvoiceTotals = z.infer<typeof InvoiceTotalsSchema>;

/** 'unbilled' selects lines on no billing; a number, one billing's lines. */
export const INVOICE_UNBILLED = 'unbilled';

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31.')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a date such as 2026-01-31.');

export const InvoiceFilterSchema = z.object({
  /** A status, an alias, or a group (Open / Closed). */
  status: z.string().trim().max(100).optional(),
  billing: z.union([z.literal(INVOICE_UNBILLED), IdSchema]).optional(),
  provider: IdSchema.optional(),
  /** A client (patient) id. */
  client: IdSchema.optional(),
  start_date: dateParam.optional(),
  end_date: dateParam.optional(),
});
export type InvoiceFilter = z.infer<typeof InvoiceFilterSchema>;

export const InvoicePageSchema = pageSchema(InvoiceLineSchema).extend({
  company: z.object({ id: z.number(), name: z.string() }),
  totals: InvoiceTotalsSchema,
  /** The caller may change amounts, set fees and bill (internal administrators). */
  can_edit: z.boolean(),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

/*
 * One line's amounts: PUT /api/home/invoice/{id}/ (both amounts) or POST /api/home/invoice/ (with request).
 * The spec's POST with the request alone opens a new line once the last one is billed; a POST without the
 * surcharge gets the firm's automatic one.
 */

export const InvoiceLineBodySchema = z
  .object({
    provider_cost: MoneyInputSchema.optional(),
    auto_added_surcharge: MoneyInputSchema.optional(),
    request: IdSchema.optional(),
  })
  .strict();
export type InvoiceLineBody = z.input<typeof InvoiceLineBodySchema>;

/* Billings. */

export const BillingSchema = z.object({
  id: z.number(),
  title: z.string(),
  company: z.object({ id: z.number(), name: z.string() }),
  is_paid: z.boolean(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  lines: z.number(),
  total: AmountSchema,
});
export type Billing = z.infer<typeof BillingSchema>;

export const BILLING_MSG = {
  titleRequired: 'Invoice Title is required',
  titleTooLong: 'Keep the title under 200 characters.',
  confirmCreate:
    'Requests that are not closed or completed are not included in this billing. Create the billing?',
  nothingToBill: 'This company has no closed or completed requests left to bill.',
  lineBilled: 'This invoice line is on a billing and can no longer be changed.',
  lineNotBillable: 'Only unbilled lines of closed or completed requests of this company can be billed.',
  reasonRequired: 'Say why this billing is no longer paid.',
  linesLocked: 'This billing is paid, or a card payment of it is under way: its lines can no longer change.',
  confirmPaid: 'Mark this billing as paid? The payment date is recorded.',
  saved: 'Saved',
} as const;

export const BillingCreateBodySchema = z
  .object({
    company: IdSchema,
    title: z
      .string({ error: BILLING_MSG.titleRequired })
      .trim()
      .min(1, BILLING_MSG.titleRequired)
      .max(200, BILLING_MSG.titleTooLong),
  })
  .strict();
export type BillingCreateBody = z.input<typeof BillingCreateBodySchema>;

/** The spec's PUT /api/home/billing/{id}/ with invoices as comma-joined ids. */
export const BillingAttachBodySchema = z
  .object({
    invoices: z.union([
      z
        .string()
        .trim()
        .regex(/^\d+(\s*,\s*\d+)*$/, 'List invoice line ids separated by commas.')
        .transform((v) => v.split(',').map((id) => Number(id.trim()))),
      z.array(z.number().int().positive()),
    ]),
  })
  .strict();

export const BillingPaidBodySchema = z
  .object({
    is_paid: z.boolean(),
    /** Required to mark a paid billing unpaid again: the change is logged with it. */
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type BillingPaidBody = z.input<typeof BillingPaidBodySchema>;

export const BillingListQuerySchema = z.object({
  title: z.string().trim().max(200).optional(),
  company__id: IdSchema.optional(),
  is_paid: z.enum(['true', 'false', 'True', 'False']).optional(),
});

/* What an order will be billed: GET /api/home/quote/?company&rush&request_type (the order screen). */

export const QuoteQuerySchema = z.object({
  company: IdSchema,
  rush: z.enum(['true', 'false']).optional(),
  /** The request types chosen, repeated or one alone. */
  request_type: z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]).optional(),
});

export const OrderQuoteSchema = z.object({
  /** The price quoted per provider: what a request completed with its documents bills. */
  price: AmountSchema,
  rush: z.boolean(),
  outcomes: z.array(z.object({ status: z.string(), fee: AmountSchema, quoted: z.boolean() })),
});
export type OrderQuote = z.infer<typeof OrderQuoteSchema>;
