import { formatAmount, type OrderQuote, outcomeFees, requestPrice } from '@dd/shared';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { companyRequestPrice } from './billing-companies.queries';
import { feeSettings } from './invoices.service';

/**
 * What an order will be billed, before it is placed: the price quoted per provider (the same requestPrice
 * the order stores) and the fee of every outcome (outcomeFee), so the order screen shows the firm exactly
 * what each ending of the request costs.
 */
export async function orderQuote(
  db: DbOrTx,
  auth: Auth,
  query: { company: number; rush?: 'true' | 'false'; request_type?: string | string[] },
): Promise<OrderQuote> {
  authorize(auth, 'company.reach', { companyId: query.company });
  const company = await companyRequestPrice(db, query.company);
  if (!company) throw notFound();
  const rush = query.rush === 'true';
  const requestTypes = [query.request_type ?? []]
    .flat()
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  const price = requestPrice({ companyPrice: company.requestPrice, rush, requestTypes });
  const outcomes = outcomeFees(await feeSettings(db), { price, rush });
  return {
    price: formatAmount(price),
    rush,
    outcomes: outcomes.map((o) => ({ ...o, fee: formatAmount(o.fee) })),
  };
}
