import { z } from 'zod';

/**
 * Record ids are PostgreSQL `integer`s. Every id a client sends (path, query or body) is checked against
 * that range here, so a huge id is a 400 naming the field instead of a database error.
 */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'must be a whole number from 1 to 2147483647';

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** An id from a path, query string or body: a number or its digits as text, whole, 1..2^31-1. */
export const IdSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: ID_MESSAGE })
    .int({ error: ID_MESSAGE })
    .positive({ error: ID_MESSAGE })
    .max(MAX_ID, { error: ID_MESSAGE }),
);
