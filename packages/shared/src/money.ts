/**
 * Money is counted in integer cents: the database stores whole cents (bigint columns), the code adds,
 * multiplies and compares cents only, so no sum ever depends on binary fractions (0.1 + 0.2 !== 0.3).
 * Amounts become dollars only at the edges: what a person or a client types, and what is shown or sent.
 */
export type Cents = number & { readonly __money: 'cents' };

/** Whole cents of a dollar amount with at most two decimals (a number typed or sent by a client, or a
 *  decimal string such as '40.50'). Anything else is not money here: null. */
export function parseCents(dollars: number | string): Cents | null {
  const text =
    typeof dollars === 'number' ? (Number.isFinite(dollars) ? String(dollars) : '') : dollars.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return (sign ? -cents : cents) as Cents;
}

/** Like parseCents for amounts already known to be money (constants, validated input). */
export function toCents(dollars: number | string): Cents {
  const cents = parseCents(dollars);
  if (cents === null) throw new RangeError(`Not an amount of money: ${dollars}`);
  return cents;
}

export const cents = (value: number): Cents => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
};

/** Cents as the database answers them: a bigint column or a sum of one arrives as a number, a string or
 *  a BigInt depending on the driver; null (no row, an empty sum) is 0. */
export function centsOf(value: unknown): Cents {
  if (value === null || value === undefined) return cents(0);
  if (typeof value === 'number' || typeof value === 'bigint') return cents(Number(value));
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return cents(Number(value));
  throw new RangeError(`Not a whole number of cents: ${String(value)}`);
}

/** Dollars as a number, for the few callers that still need one: one division of an integer. */
export const toDollars = (amount: Cents): number => amount / 100;

export const addCents = (...amounts: Cents[]): Cents => cents(amounts.reduce((sum, a) => sum + a, 0));
