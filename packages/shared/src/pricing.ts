import { CERTIFICATION_REQUEST_TYPE } from './constants';
import { addCents, type Cents, cents } from './money';

/** Pricing rules for requests and invoice lines, in whole cents (money.ts). */
export const BASE_REQUEST_PRICE = cents(3500);
export const RUSH_SURCHARGE = cents(700);
export const RUSH_RESUBMIT_PRICE = cents(4200);
export const CERTIFICATION_PRICE = cents(995);
export const SURCHARGE_PER_HUNDRED = cents(1000);
export const SURCHARGE_CAP = cents(100_000);

/** Price of one request to one provider. The certification type is a flat fee, rush or not. */
export function requestPrice(options: {
  companyPrice?: Cents | null;
  rush: boolean;
  requestTypes: readonly string[];
}): Cents {
  if (options.requestTypes.length === 1 && options.requestTypes[0] === CERTIFICATION_REQUEST_TYPE) {
    return CERTIFICATION_PRICE;
  }
  const base = options.companyPrice ?? BASE_REQUEST_PRICE;
  return options.rush ? addCents(base, RUSH_SURCHARGE) : base;
}

/** Automatic surcharge for flagged companies: 10.00 for every full 100.00 of provider cost, at most 1,000.00. */
export function automaticSurcharge(providerCost: Cents): Cents {
  if (providerCost <= 0) return cents(0);
  const hundreds = Math.floor(providerCost / 10_000);
  return cents(Math.min(hundreds * SURCHARGE_PER_HUNDRED, SURCHARGE_CAP));
}
