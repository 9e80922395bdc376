/** Local checks for card details before they are exchanged for a payment token. */

export const CARD_MESSAGES = {
  number: 'Enter a valid card number.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
} as const;

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Luhn checksum over 12 to 19 digits (spaces and dashes ignored). */
export function isValidCardNumber(text: string): boolean {
  const digits = digitsOnly(text);
  if (digits.length < 12 || digits.length > 19 || digits.length !== text.replace(/[\s-]/g, '').length) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' -> month and four-digit year, or undefined. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!m) return undefined;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpiryInFuture(expiry: { month: number; year: number }, now = new Date()): boolean {
  return (
    expiry.year > now.getFullYear() ||
    (expiry.year === now.getFullYear() && expiry.month >= now.getMonth() + 1)
  );
}

export const isValidCvc = (text: string) => /^\d{3,4}$/.test(text.trim());

/** Groups card digits in fours as they are typed. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Inserts the slash in MM/YY as it is typed. */
export function formatExpiry(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
