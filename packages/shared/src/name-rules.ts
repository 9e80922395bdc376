/**
 * Names other people read (firms, users) and that product e-mails quote are plain text, so a firm cannot
 * turn its name into a phishing message ('URGENT: your account is locked - verify at https://…'):
 * trimmed, bounded, no line breaks or invisible characters (bidi overrides), no markup, and nothing a
 * mail client would turn into a link.
 */
export interface NameLimits {
  min: number;
  max: number;
}

export const COMPANY_NAME_LIMITS: NameLimits = { min: 2, max: 120 };
export const PERSON_NAME_LIMITS: NameLimits = { min: 1, max: 60 };

const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const MARKUP = /[<>]/;
/** Dots that IDNA and mail clients also read as '.' (ideographic and full-width). */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
/** A scheme ('https://'), 'www.', a domain-like word ('example.com', 'evil.example') or an IPv4 address. */
const LINK = new RegExp(
  `://|\\bwww${DOT}|[\\p{L}\\p{N}_-]${DOT}\\p{L}{2,}|\\d${DOT}\\d+${DOT}\\d+${DOT}\\d`,
  'iu',
);

export const plainTextMessage = (label: string) =>
  `${label} must be plain text: no web addresses (such as example.com), links, or < > characters.`;

/** What is wrong with a name, or null when it is fine. An optional name may be blank. */
export function nameProblem(
  value: string,
  label: string,
  limits: NameLimits,
  optional = false,
): string | null {
  const name = value.trim();
  if (!name) return optional ? null : `${label} is required.`;
  if (name.length < limits.min) return `${label} must be at least ${limits.min} characters.`;
  if (name.length > limits.max) return `${label} must be at most ${limits.max} characters.`;
  if (INVISIBLE.test(name)) return `${label} cannot contain line breaks or invisible characters.`;
  // NFKC folds look-alikes such as full-width 'ｈｔｔｐｓ：／／' before the link check.
  if (MARKUP.test(name) || LINK.test(name.normalize('NFKC'))) return plainTextMessage(label);
  return null;
}
