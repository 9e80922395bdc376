import { z } from 'zod';
import { LEGAL_BASES, type LegalBasis, PROVIDER_KINDS, type ProviderKind } from '../deadlines/rules';
import { AmountSchema, type Cents, cents, formatAmount, MoneyInputSchema } from '../money';
import { FEE_MEDIA, FEE_RULES, type FeeCap, type FeeMedium, type FeeRule } from './rules';

export interface FeeCase {
  /** Postal code; null when the provider's address has none (only rules for every state apply). */
  state: string | null;
  /** Null while nobody has said what kind of provider it is (only rules for every kind apply). */
  providerKind: ProviderKind | null;
  legalBasis: LegalBasis;
  pages: number;
  medium: FeeMedium;
  /** The clerical time and postage the provider itemized; only a subpoena's costs allow them (none if unsaid). */
  clericalMinutes?: number;
  postage?: Cents;
  /** The day the copies were asked for (YYYY-MM-DD): the rules in force then apply. */
  on: string;
}

export type FeeVerdict = 'within' | 'over' | 'no_rule';

export interface FeeCheck {
  cap: Cents | null;
  charged: Cents;
  overcharge: Cents | null;
  verdict: FeeVerdict;
  rule: Pick<FeeRule, 'id' | 'name' | 'citation'> | null;
}

/** What a cap allows for the case's pages (and, for itemized costs, its clerical time and postage). */
export function capFor(cap: FeeCap, c: Pick<FeeCase, 'pages' | 'clericalMinutes' | 'postage'>): Cents {
  const { pages } = c;
  if (cap.kind === 'flat') return cents(cap.cents);
  if (cap.kind === 'itemized') {
    const { centsPerHour, blockMinutes } = cap.clerical;
    const blocks = Math.ceil((c.clericalMinutes ?? 0) / blockMinutes);
    const clerical = Math.ceil((blocks * blockMinutes * centsPerHour) / 60);
    return cents(pages * cap.centsPerPage + clerical + (c.postage ?? 0));
  }
  let total = pages > 0 ? cap.first.cents : 0;
  let counted = Math.min(pages, cap.first.pages);
  for (const tier of cap.tiers) {
    if (counted >= pages) break;
    const upTo = Math.min(pages, tier.through ?? pages);
    total += Math.max(0, upTo - counted) * tier.centsPerPage;
    counted = Math.max(counted, upTo);
  }
  return cents(total);
}

function applies(rule: FeeRule, c: FeeCase): boolean {
  return (
    rule.bases.includes(c.legalBasis) &&
    rule.media.includes(c.medium) &&
    (!rule.states || (c.state !== null && rule.states.includes(c.state.toUpperCase()))) &&
    (!rule.providerKinds || (c.providerKind !== null && rule.providerKinds.includes(c.providerKind))) &&
    rule.inForceFrom <= c.on &&
    (!rule.inForceUntil || c.on <= rule.inForceUntil)
  );
}

/** Checks a provider's charge against the lowest cap of the rules that apply to the case. */
export function checkFee(c: FeeCase, charged: Cents, rules: readonly FeeRule[] = FEE_RULES): FeeCheck {
  const capped = rules
    .filter((rule) => applies(rule, c))
    .map((rule) => ({ rule, cap: capFor(rule.cap, c) }))
    .sort((a, b) => a.cap - b.cap);
  const strictest = capped[0];
  if (!strictest) return { cap: null, charged, overcharge: null, verdict: 'no_rule', rule: null };
  const overcharge = cents(Math.max(0, charged - strictest.cap));
  return {
    cap: strictest.cap,
    charged,
    overcharge,
    verdict: overcharge > 0 ? 'over' : 'within',
    rule: { id: strictest.rule.id, name: strictest.rule.name, citation: strictest.rule.citation },
  };
}

export const FEE_CLERICAL_MESSAGE = 'Enter the clerical time the provider billed, in whole minutes.';
export const ClericalMinutesSchema = z
  .number({ error: FEE_CLERICAL_MESSAGE })
  .int(FEE_CLERICAL_MESSAGE)
  .min(0, FEE_CLERICAL_MESSAGE)
  .max(100_000, FEE_CLERICAL_MESSAGE);

/** POST /api/fees/check/: the call's body. */
export const FeeCheckBodySchema = z
  .object({
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Enter the provider’s state as two letters.')
      .transform((s) => s.toUpperCase()),
    provider_type: z.enum(PROVIDER_KINDS),
    legal_basis: z.enum(LEGAL_BASES),
    pages: z.number().int().min(0).max(1_000_000),
    medium: z.enum(FEE_MEDIA),
    charged: MoneyInputSchema,
    /** The clerical time and postage the provider itemized (subpoena costs in California and Arizona). */
    clerical_minutes: ClericalMinutesSchema.optional(),
    postage: MoneyInputSchema.optional(),
  })
  .strict();

/** The answer: amounts as the API writes every amount, dollars with two decimals. */
export const FeeCheckSchema = z.object({
  cap: AmountSchema.nullable(),
  charged: AmountSchema,
  overcharge: AmountSchema.nullable(),
  verdict: z.enum(['within', 'over', 'no_rule']),
  rule: z.object({ id: z.string(), name: z.string(), citation: z.string() }).nullable(),
});

export function feeCheckAnswer(check: FeeCheck): z.infer<typeof FeeCheckSchema> {
  const amount = (value: Cents | null) => (value === null ? null : formatAmount(value));
  return {
    cap: amount(check.cap),
    charged: formatAmount(check.charged),
    overcharge: amount(check.overcharge),
    verdict: check.verdict,
    rule: check.rule,
  };
}
