import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_HEADER_SCHEMA } from './idempotency';

/**
 * The OpenAPI document's view of a route: its Zod schemas (jsonSchemaTransform), a tag from its path so
 * the API docs group the calls ('home/request', 'modelConfig', 'users'), and who may call it.
 */
export function apiTag(url: string): string {
  const segments = url.split('/').filter((s) => s && !s.startsWith(':') && s !== 'api');
  const [first = 'other', second] = segments;
  return (first === 'home' || first === 'admin') && second ? `${first}/${second}` : first;
}

export const openApiTransform: typeof jsonSchemaTransform = (args) => {
  const out = jsonSchemaTransform(args);
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
