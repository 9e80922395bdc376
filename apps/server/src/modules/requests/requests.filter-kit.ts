import { IdSchema, isRequestDate, MSG, normalizeRequestDate } from '@dd/shared';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../authz';

/** The pieces the request list's filter entries are made of: an entry type and the parameter schemas. */
export interface RequestFilter<S extends z.ZodType = z.ZodType> {
  schema: S;
  where: (value: z.output<S>, auth: Auth) => SQL | undefined;
}

export const filter = <S extends z.ZodType>(
  schema: S,
  where: RequestFilter<S>['where'],
): RequestFilter<S> => ({
  schema,
  where,
});

export const idParam = IdSchema;

/** YYYY-M-D (a real date), compared zero-padded as stored. */
export const dateParam = z.string().refine(isRequestDate, MSG.dateFormat).transform(normalizeRequestDate);

/** Free text for a "contains" filter; blank means no filter. */
export const textParam = z.string().trim().max(200);

/** 'true', 'True' or '1' and 'false', 'False' or '0' (the old client sends Python-style booleans). */
export const boolParam = z
  .enum(['true', 'True', '1', 'false', 'False', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
