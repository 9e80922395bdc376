import { MSG } from '@dd/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Rejects a NUL character anywhere in the URL (raw or as %00), the query string or a JSON body, before
 * any route sees it: PostgreSQL text cannot hold one, so it would otherwise fail deep inside a query.
 */
const NUL_IN_URL = /\0|%00/i;

/** True when a string, key or nested value of a parsed JSON body holds a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1));
}

/**
 * The spec's clients put a CSRF field in every POST body (`csrfmiddlewaretoken`, from
 * GET /api/csrfmiddlewaretoken/). Sessions are bearer tokens, never cookies, so the field proves nothing;
 * it is taken out of object bodies here, once, so that no route's strict schema refuses it.
 */
const CSRF_FIELD = 'csrfmiddlewaretoken';

function withoutCsrfField(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !(CSRF_FIELD in body)) return body;
  const { [CSRF_FIELD]: _field, ...rest } = body as Record<string, unknown>;
  return rest;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.url)) throw badRequest(MSG.nulCharacter);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw badRequest(MSG.nulCharacter);
    request.body = withoutCsrfField(request.body);
  });
}
