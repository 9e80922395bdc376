import { API_KEY_HEADER, API_KEY_SCOPE_LABELS, ErrorBodySchema } from '@dd/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopesForRoute } from '../authz/api-key-scopes';
import { IDEMPOTENCY_HEADER_SCHEMA } from './idempotency';
import { withExample } from './openapi-examples';

/**
 * The OpenAPI document's view of a route: its Zod schemas (jsonSchemaTransform), the one error shape for
 * every 4xx (a route's own 4xx schema, such as a 409 with details, takes precedence), a tag from its path
 * so the API docs group the calls ('home/request', 'modelConfig', 'users'), and who may call it.
 */
export function apiTag(url: string): string {
  const segments = url.split('/').filter((s) => s && !s.startsWith(':') && s !== 'api');
  const [first = 'other', second] = segments;
  return (first === 'home' || first === 'admin') && second ? `${first}/${second}` : first;
}

/** The document's two ways in: a signed-in person's bearer token, and a firm's API key (docs/api.md). */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description:
      'A law firm’s API key (`ddk_…`), created by a firm administrator; each route names the scope it needs.',
  },
} as const;

/** Who may call a route in the document: routes open to keys name the scopes that let a key in. */
function security(
  method: string,
  url: string,
  access: string | undefined,
): { security?: Record<string, string[]>[]; keyNote?: string } {
  if (!access || access === 'public') return {};
  const scopes = scopesForRoute(method, url);
  if (!scopes) return { security: [{ bearerAuth: [] }] };
  const labels = scopes.map((s) => `${API_KEY_SCOPE_LABELS[s].label} (\`${s}\`)`).join(' or ');
  return { security: [{ bearerAuth: [] }, { apiKey: [] }], keyNote: ` API keys: ${labels}.` };
}

export const openApiTransform: typeof jsonSchemaTransform = (args) => {
  const schema = args.schema && {
    ...args.schema,
    response: { '4XX': ErrorBodySchema, ...(args.schema.response as object | undefined) },
  };
  const out = jsonSchemaTransform({ ...args, schema });
  const access = args.route.config?.access;
  const method = [args.route.method].flat()[0];
  const { keyNote = '', ...who } = security(method, args.url, access);
  return {
    ...out,
    schema: {
      ...out.schema,
      tags: [apiTag(args.url)],
      ...who,
      ...withExample(`${method} ${args.url}`, out.schema as { body?: unknown; querystring?: unknown }),
      ...(access && { description: `Who may call it: ${access}.${keyNote}` }),
      ...(args.route.config?.idempotent && { headers: IDEMPOTENCY_HEADER_SCHEMA }),
    },
  };
};
