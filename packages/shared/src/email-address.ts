import { z } from 'zod';

/**
 * One rule for every e-mail field: exactly one plain address, local@domain. Anything that could carry a
 * second recipient or a header into a mailto: link or a mail header is refused: no '?', '&', ',', ';',
 * '%', spaces, double quotes, angle brackets or display names (a provider address ending in
 * '?bcc=attacker%40evil.example' silently copied a client's health details to the attacker).
 */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address.';

// Local part: dot-separated runs of letters, digits, '_', '+', '-' and the apostrophe of o'brien@…
// (what real mailboxes use; links built from it are encoded, so the apostrophe is harmless).
const LOCAL = /^[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*$/;
// Domain: two or more labels of letters, digits and inner hyphens; the last one a name, not a number.
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** True when `value` (already trimmed) is one plain address. */
export function isPlainEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels[labels.length - 1])
  );
}

/** The stored form: trimmed, with the domain (which is case-insensitive) in lower case. */
export function normalizeEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
}

/** A required e-mail field: one plain address, normalized. */
export const PlainEmailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
  .refine(isPlainEmail, INVALID_EMAIL_MESSAGE)
  .transform(normalizeEmail);

/** An optional e-mail field: blank or missing stays allowed (and is stored as nothing), else one plain address. */
export const OptionalPlainEmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
  .refine((v) => v === '' || isPlainEmail(v), INVALID_EMAIL_MESSAGE)
  .transform(normalizeEmail)
  .nullish();
