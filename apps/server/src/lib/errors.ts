import { type ErrorBody, MSG } from '@dd/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from './connection-errors';
import { constraintViolationAnswer } from './constraint-errors';
import { databaseErrorOf } from './redact';

/**
 * Errors with an HTTP status and a message a person can read, answered as `{error, fields?, details?}`
 * (ErrorBodySchema): `fields` by form field name, `details` for whatever else a screen needs to offer a
 * way out. Nothing else goes at the top level, so every refusal has the one shape.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message: string = MSG.signInRequired) => new HttpError(401, message);
export const forbidden = (message: string = MSG.notAllowed) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, details);

/**
 * PostgreSQL's answers to a value it cannot take (untranslatable character, bad byte sequence, number out
 * of range, invalid text representation). Validation should stop such input first; this is the safety net
 * that keeps it a 400 instead of a 500 with the query in the log.
 */
const BAD_INPUT_SQLSTATES = new Set(['22P05', '22021', '22003', '22P02']);

export function isBadInputForDatabase(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' && BAD_INPUT_SQLSTATES.has(code);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const retryAfter = error.details?.retry_after;
      if (error.statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', retryAfter);
      // 408: the rest of the body is still on its way; close the connection instead of reading it.
      if (error.statusCode === 408) reply.header('connection', 'close');
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.details) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      const unknown: string[] = [];
      for (const issue of error.validation) {
        if (issue.keyword === 'unrecognized_keys') {
          unknown.push(...((issue.params as { keys?: string[] }).keys ?? []));
          continue;
        }
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[key || '_'] ??= issue.message ?? MSG.badRequest;
      }
      if (unknown.length) {
        const what = error.validationContext === 'querystring' ? 'query parameter' : 'field';
        const list = unknown.join(', ');
        return reply.status(400).send({
          error: `Unknown ${what}${unknown.length > 1 ? 's' : ''}: ${list}`,
          fields: { [unknown[0]]: 'Not allowed' },
        });
      }
      const [name, message] = Object.entries(fields)[0] ?? ['', MSG.badRequest];
      const where = error.validationContext === 'querystring' ? 'query parameter ' : '';
      return reply
        .status(400)
        .send({ error: name && name !== '_' ? `${where}${name}: ${message}` : message, fields });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (isBadInputForDatabase(error)) return reply.status(400).send({ error: MSG.invalidValue });
    if (isConnectionLost(error)) {
      // The pool has already dropped the broken connection; the next call gets a fresh one.
      request.log.warn({ err: error }, 'Database connection lost during the request');
      return reply.status(503).header('retry-after', 1).send({ error: MSG.connectionLost });
    }
    const violation = constraintViolationAnswer(error);
    if (violation) {
      // Usually a race a service's own check could not see; logged so a missing check can be found.
      request.log.warn({ err: error }, 'Constraint violation answered as %d', violation.status);
      return reply.status(violation.status).send({ error: violation.message });
    }
    // Serialized by safeError (lib/redact.ts): never the SQL, its parameters or the error's cause.
    request.log.error({ err: error }, 'Request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: MSG.notFound }));
}
