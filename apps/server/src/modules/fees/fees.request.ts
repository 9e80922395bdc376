import {
  type Cents,
  checkFee,
  DEFAULT_FEE_DISPUTE_TEMPLATE,
  FEE_DISPUTE_TEMPLATE_NAME,
  FEE_MEDIUM_LABELS,
  type FeeCheck,
  type FeeMedium,
  feeCheckAnswer,
  fillPlaceholders,
  formatMoney,
  type RequestFeeCheck,
  stateCode,
} from '@dd/shared';
import type { DbOrTx } from '../../db/client';
import { templateTextOr } from '../notetemplates/notetemplates.service';
import { deliveredPages, feeCheckFacts } from './fees.queries';

/**
 * A request's provider charge checked against the legal cap (docs/fees.md): the rules in force on the day
 * the request was ordered, for its legal basis and its provider's state and kind. Null until staff have
 * recorded the page count and medium the charge was for. An overcharge comes with the dispute letter,
 * filled from the 'Fee dispute' note template. `instead` checks another amount the provider asks (a
 * prepayment), with its own pages and medium when the provider gave them.
 */
export async function requestFeeCheck(
  db: DbOrTx,
  requestId: number,
  instead?: { charged: Cents; pages: number | null; medium: FeeMedium | null },
): Promise<RequestFeeCheck | null> {
  const r = await feeCheckFacts(db, requestId);
  if (!r) return null;
  if (instead) {
    r.charged = instead.charged;
    r.pages = instead.pages ?? r.pages;
    r.medium = instead.medium ?? r.medium;
  }
  if (r.pages === null || r.medium === null) return null;
  const check = checkFee(
    {
      state: stateCode(r.state),
      providerKind: r.kind,
      legalBasis: r.basis,
      pages: r.pages,
      medium: r.medium,
      clericalMinutes: r.clericalMinutes ?? 0,
      postage: r.postage,
      on: r.orderedAt.toISOString().slice(0, 10),
    },
    r.charged,
  );
  const letter =
    check.verdict === 'over'
      ? fillPlaceholders(await templateTextOr(db, FEE_DISPUTE_TEMPLATE_NAME, DEFAULT_FEE_DISPUTE_TEMPLATE), {
          provider: r.provider,
          client: r.client,
          law_firm: r.firm,
          request_number: String(r.internalNumber),
          ...chargeValues(check, r.pages, r.medium),
        })
      : null;
  return {
    ...feeCheckAnswer(check),
    dispute_letter: letter,
    delivered_pages: await deliveredPages(db, requestId),
  };
}

/** What an approval keeps of the check: the verdict and figures, not the letter or the delivery. */
export function checkToKeep(check: RequestFeeCheck | null) {
  if (!check) return null;
  const { dispute_letter: _letter, delivered_pages: _pages, ...kept } = check;
  return kept;
}

function chargeValues(check: FeeCheck, pages: number, medium: keyof typeof FEE_MEDIUM_LABELS) {
  return {
    charged: formatMoney(check.charged),
    cap: formatMoney(check.cap),
    overcharge: formatMoney(check.overcharge),
    pages: String(pages),
    medium: FEE_MEDIUM_LABELS[medium],
    rule: check.rule?.name ?? '',
    citation: check.rule?.citation ?? '',
  };
}
