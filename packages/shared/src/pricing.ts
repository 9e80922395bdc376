import { CERTIFICATION_REQUEST_TYPE } from './constants';
import { addCents, type Cents, cents, toCents, toDollars } from './money';

/** Pricing rules for requests and invoice lines, computed in cents (money.ts); dollars at the edges. */
export const BASE_REQUEST_PRICE = 35;
export const RUSH_SURCHARGE = 7;
export const RUSH_RESUBMIT_PRICE = 42;
export const CERTIFICATION_PRICE = 9.95;
export const SURCHARGE_PER_HUNDRED = 10;
export const SURCHARGE_CAP = 1000;

/** Price of one request to one provider, in dollars. The certification type is a flat fee, rush or not. */
export function requestPrice(options: {
  companyPrice?: number | string | null;
  rush: boolean;
  requestTypes: readonly string[];
}): number {
  if (options.requestTypes.length === 1 && options.requestTypes[0] === CERTIFICATION_REQUEST_TYPE) {
    return CERTIFICATION_PRICE;
  }
  const base = toCents(options.companyPrice ?? BASE_REQUEST_PRICE);
  return toDollars(options.rush ? addCents(base, toCents(RUSH_SURCHARGE)) : base);
}

/** Automatic surcharge for flagged companies, in dollars: 10 for every full 100 of provider cost, at most 1000. */
export function automaticSurcharge(providerCost: number | string): number {
  const cost: Cents = toCents(providerCost);
  if (cost <= 0) return 0;
  const hundreds = Math.floor(cost / toCents(100));
  return toDollars(cents(Math.min(hundreds * toCents(SURCHARGE_PER_HUNDRED), toCents(SURCHARGE_CAP))));
}
