import { z } from 'zod';

/**
 * The two shapes every list and every refusal share, declared once so the server's route schemas, the
 * OpenAPI document and the web's types cannot drift apart.
 */

/**
 * Every 4xx answer: a message a person can read, the fields it concerns (by the form's field names), and
 * anything more a screen needs to offer a way out (who holds a claim, the providers a duplicate names).
 * Nothing else sits at the top level, so a client reads one shape for every refusal.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A refusal whose `details` have a known shape (for a route's declared 4xx and the web's reader). */
export const errorWithDetails = <T extends z.ZodRawShape>(details: T) =>
  z.object({ error: z.string(), details: z.object(details) });

/** One page of a list: `{count, next, previous, results}`, as the specification's list calls answer. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
