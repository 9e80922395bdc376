import { z } from 'zod';
import { requiredFieldMessage } from './messages';

/**
 * Money is counted in integer cents: the database stores whole cents (bigint columns), the code adds,
 * multiplies and compares cents only, so no sum ever depends on binary fractions (0.1 + 0.2 !== 0.3).
 * The API sends every amount as a string of dollars with two decimals ('38.00', made by formatAmount,
 * declared by AmountSchema); it accepts a number or such a string (MoneyInputSchema). Screens read an
 * amount with parseAmount and show it with formatMoney (format.ts), the one display formatter.
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

/** Dollars as a number, for a chart's axis or a test: one division of an integer. */
export const toDollars = (amount: Cents): number => amount / 100;

/** An amount as the API sends it: dollars with exactly two decimals ('38.00', '9.95', '-1.50'). */
export function formatAmount(amount: Cents): string {
  const whole = Math.trunc(Math.abs(amount) / 100);
  const fraction = String(Math.abs(amount) % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** Every amount in an answer: a string of dollars with two decimals, exact to the cent. */
export const AmountSchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'Dollars with two decimals, exact to the cent', example: '38.00' });

/** An amount read from the API (formatAmount's string); a number is taken as dollars with two decimals. */
export const parseAmount = (amount: string | number): Cents => toCents(amount);

/** A dollar amount typed by staff or sent by a client (38, 9.95 or '25.00'), at most two decimals, never
 *  negative; the result is a number of dollars exact to the cent (toCents turns it into cents). */
export const MoneyInputSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount such as 25.00'),
  ])
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, 'The provider fee cannot be negative.')
      .max(1_000_000)
      .refine((n) => parseCents(n) !== null, 'Enter an amount such as 25.00'),
  );

/** A required amount of a form: missing or blank reads the spec's required-field message, then the rules above. */
export const requiredMoneyInput = (label: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input == null ? requiredFieldMessage(label) : undefined),
    })
    .refine((v) => typeof v !== 'string' || v.trim() !== '', requiredFieldMessage(label))
    .pipe(MoneyInputSchema);

export const addCents = (...amounts: Cents[]): Cents => cents(amounts.reduce((sum, a) => sum + a, 0));
