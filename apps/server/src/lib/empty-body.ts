import { z } from 'zod';

/** The body of a spec 'POST …/delete/' call: nothing (the spec's CSRF field is taken out before validation). */
export const EmptyBodySchema = z.object({}).strict().nullish();
