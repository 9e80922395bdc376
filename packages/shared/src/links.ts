import { isPlainEmail } from './email-address';

/**
 * Links built from stored data (a provider's e-mail, phone or web form, a firm's release form). Each
 * helper returns null for anything that is not one plain value of its kind, so a screen shows the text
 * without a link rather than a link that does something else (a hidden BCC, a javascript: URL).
 */

/** `mailto:` for one plain address, with the subject and body encoded; null for anything else. */
export function mailtoHref(
  address: string | null | undefined,
  fields: { subject?: string; body?: string } = {},
) {
  const to = address?.trim() ?? '';
  if (!isPlainEmail(to)) return null;
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${to}${query ? `?${query}` : ''}`;
}

/** The URL when it is an absolute http(s) address without credentials in it; null otherwise. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // 'https://bank.example@evil.example/' reads as one site and opens another.
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

/**
 * `tel:` with the digits of a phone number (and a leading '+'); an extension ('x12', 'ext. 12') is left
 * off rather than dialled as part of the number. Null when there are too few digits.
 */
export function telHref(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim().split(/[A-Za-z]/)[0];
  const digits = value.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 20) return null;
  return `tel:${value.startsWith('+') ? '+' : ''}${digits}`;
}
