import { ErrorBodySchema } from '@dd/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER_SCHEMA } from './idempotency';

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

export const openApiTransform: typeof jsonSchemaTransform = (args) => {
  const schema = args.schema && {
    ...args.schema,
    response: { '4XX': ErrorBodySchema, ...(args.schema.response as object | undefined) },
  };
  const out = jsonSchemaTransform({ ...args, schema });
  const access = args.route.config?.access;
  return {
    ...out,
    schema: {
      ...out.schema,
      tags: [apiTag(args.url)],
      ...(access && { description: `Who may call it: ${access}.` }),
      ...(args.route.config?.idempotent && { headers: IDEMPOTENCY_HEADER_SCHEMA }),
    },
  };
};
