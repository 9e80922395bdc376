/** How a client field the firm does not know is written and shown (zod-free: used on every form). */
export const NOT_PROVIDED = 'Not provided';

/** 'NA' (or 'N/A', any case) in a client field: the firm does not know it. Stored as unknown (null). */
export function isUnknownValue(value: unknown): boolean {
  return typeof value === 'string' && /^n\/?a$/i.test(value.trim());
}
