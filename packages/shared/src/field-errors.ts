import type { z } from 'zod';

// Type-only import of zod: a screen that checks a form pulls in zod only with the schema it passes, so the
// sign-in page (no schema) keeps zod out of a first visit's JavaScript.

/**
 * A schema's problems with some values, by field: the path joined with dots, as the server's validation
 * 400 names them in `fields`, and the first message for each. A form shows them under the same fields.
 */
export function fieldErrorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return errors;
}
