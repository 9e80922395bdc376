import { z } from 'zod';

/** The body of a spec 'POST …/delete/' call: nothing, or only the CSRF field. */
export const EmptyBodySchema = z.object({ csrfmiddlewaretoken: z.string().optional() }).strict().nullish();
