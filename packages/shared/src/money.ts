/**
 * Money is counted in integer cents. Amounts cross the API and the database as dollars with at most two
 * decimals (numeric(10,2) columns); code converts at that boundary and adds, multiplies and compares cents
 * only, so no sum ever depends on binary fractions (0.1 + 0.2 !== 0.3).
 */
export type Cents = number & { readonly __money: 'cents' };

/** Whole cents of a dollar amount with at most two decimals (a number from the API or the database, or a
 *  decimal string such as PostgreSQL's '40.50'). Anything else is not money here: null. */
export function parseCents(dollars: number | string): Cents | null {
  const text =
    typeof dollars === 'number' ? (Number.isFinite(dollars) ? String(dollars) : '') : dollars.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return (sign ? -cents : cents) as Cents;
}

/** Like parseCents for amounts already known to be money (database columns, constants). */
export function toCents(dollars: number | string): Cents {
  const cents = parseCents(dollars);
  if (cents === null) throw new RangeError(`Not an amount of money: ${dollars}`);
  return cents;
}

export const cents = (value: number): Cents => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
};

/** Dollars for the API and the database: one division of an integer, exact to two decimals. */
export const toDollars = (amount: Cents): number => amount / 100;

export const addCents = (...amounts: Cents[]): Cents => cents(amounts.reduce((sum, a) => sum + a, 0));
