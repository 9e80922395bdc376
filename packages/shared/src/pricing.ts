import { CERTIFICATION_REQUEST_TYPE } from './constants';

/** Pricing rules for requests and invoice lines. */
export const BASE_REQUEST_PRICE = 35;
export const RUSH_SURCHARGE = 7;
export const RUSH_RESUBMIT_PRICE = 42;
export const CERTIFICATION_PRICE = 9.95;
export const SURCHARGE_PER_HUNDRED = 10;
export const SURCHARGE_CAP = 1000;

/** Price of one request to one provider. The certification type is a flat fee, rush or not. */
export function requestPrice(options: {
  companyPrice?: number | null;
  rush: boolean;
  requestTypes: readonly string[];
}): number {
  if (options.requestTypes.length === 1 && options.requestTypes[0] === CERTIFICATION_REQUEST_TYPE) {
    return CERTIFICATION_PRICE;
  }
  const base = options.companyPrice ?? BASE_REQUEST_PRICE;
  return round2(base + (options.rush ? RUSH_SURCHARGE : 0));
}

/** Automatic surcharge for flagged companies: 10 for every full 100 of provider cost, at most 1000. */
export function automaticSurcharge(providerCost: number): number {
  if (!(providerCost > 0)) return 0;
  return Math.min(Math.floor(providerCost / 100) * SURCHARGE_PER_HUNDRED, SURCHARGE_CAP);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
