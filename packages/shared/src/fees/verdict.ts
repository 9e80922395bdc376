import type { z } from 'zod';
import { formatMoney } from '../format';
import type { FeeCheckSchema } from './check';

type CheckedCharge = z.infer<typeof FeeCheckSchema>;

/** The heading of a fee check, wherever it is shown. */
export const FEE_VERDICT_TITLES = {
  within: 'Within the legal cap',
  over: 'Over the legal cap',
  no_rule: 'No legal cap applies',
} as const satisfies Record<CheckedCharge['verdict'], string>;

/**
 * A fee check in one sentence, the same on the staff panel, the firm's approval card and the approval e-mail:
 * what was charged, what the law allows and under which rule.
 */
export function feeVerdictSentence(check: CheckedCharge): string {
  if (check.verdict === 'no_rule')
    return "No fee rule we know covers this provider's state and kind and the request's legal basis.";
  const charged = `The provider charged ${formatMoney(check.charged)}; ${check.rule?.citation} allows at most ${formatMoney(check.cap)}.`;
  return check.verdict === 'over' ? `${charged} Overcharge: ${formatMoney(check.overcharge)}.` : charged;
}
