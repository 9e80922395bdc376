/**
 * Worked examples of the calls docs/api.md walks a partner through, shown on those operations of the
 * OpenAPI document (a summary, a body, a query value), keyed like the routes: "METHOD /route/template".
 */
interface ApiExample {
  summary: string;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

const API_EXAMPLES: Readonly<Record<string, ApiExample>> = {
  'POST /api/home/request/': {
    summary: 'Order a request for a client (one request per provider)',
    body: {
      user: 12,
      patient: 42,
      provider: [310],
      request_type: 'Medical Records, Billing Records',
      start_date: '2020-01-01',
      end_date: '2024-12-31',
      rush: false,
    },
  },
  'GET /api/home/request/': {
    summary: 'List the firm’s requests; with patient, one client’s requests',
    query: { patient: 42 },
  },
  'GET /api/home/request/:id/package/': {
    summary: 'Download a delivered request’s records package (ZIP with index and SHA256SUMS)',
  },
  'POST /api/webhooks/': {
    summary:
      'Register a webhook endpoint (a firm administrator’s session, not a key); the secret is answered once',
    body: {
      url: 'https://hooks.example.com/direct-docs',
      events: ['request.created', 'request.records_ready'],
    },
  },
  'GET /api/webhooks/:id/deliveries/': {
    summary: 'An endpoint’s delivery log, newest first: status, attempts, last answer, next attempt',
    query: { page: 1 },
  },
};

type JsonSchema = { properties?: Record<string, object> } & Record<string, unknown>;

/** The route's schema parts with the example added (untouched when the route has none). */
export function withExample(key: string, schema: { body?: unknown; querystring?: unknown }) {
  const example = API_EXAMPLES[key];
  if (!example) return {};
  const query = schema.querystring as JsonSchema | undefined;
  return {
    summary: example.summary,
    ...(example.body && schema.body
      ? { body: { ...(schema.body as object), examples: [example.body] } }
      : {}),
    ...(example.query && query?.properties
      ? {
          querystring: {
            ...query,
            properties: Object.fromEntries(
              Object.entries(query.properties).map(([name, prop]) =>
                name in example.query! ? [name, { ...prop, examples: [example.query![name]] }] : [name, prop],
              ),
            ),
          },
        }
      : {}),
  };
}
