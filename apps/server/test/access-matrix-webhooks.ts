import { WEBHOOK_EVENTS } from '@dd/shared';
import { id, type MatrixRow } from './access-matrix-kit';

/**
 * Access matrix rows: a firm's webhook endpoints and their deliveries, managed by the firm's administrators
 * only (decision 059). API keys cannot call them (api-keys-access.test.ts: not in the scope table).
 */
export const WEBHOOK_ROWS: Record<string, MatrixRow> = {
  'GET /api/webhooks/': {
    access: 'firmStaff',
    expect: '401 403 200 403 200 403 403 403',
    note: 'each firm sees its own endpoints only',
  },
  'POST /api/webhooks/': {
    access: 'firmStaff',
    expect: '401 403 201 403 201 403 403 403',
    note: 'the endpoint is registered for the caller’s own firm',
    input: () => ({ body: { url: 'https://hooks.example/in', events: [...WEBHOOK_EVENTS] } }),
  },
  'POST /api/webhooks/:id/disable/': {
    access: 'firmStaff',
    expect: '401 403 200 403 404 403 403 403',
    input: async (fx) => ({ params: id((await fx.freshWebhook()).endpoint.id) }),
  },
  'POST /api/webhooks/:id/enable/': {
    access: 'firmStaff',
    expect: '401 403 409 403 404 403 403 403',
    note: 'a fresh endpoint is already enabled (409)',
    input: async (fx) => ({ params: id((await fx.freshWebhook()).endpoint.id) }),
  },
  'POST /api/webhooks/:id/delete/': {
    access: 'firmStaff',
    expect: '401 403 200 403 404 403 403 403',
    input: async (fx) => ({ params: id((await fx.freshWebhook()).endpoint.id) }),
  },
  'GET /api/webhooks/:id/deliveries/': {
    access: 'firmStaff',
    expect: '401 403 200 403 404 403 403 403',
    input: async (fx) => ({ params: id((await fx.freshWebhook()).endpoint.id) }),
  },
  'POST /api/webhooks/deliveries/:id/resend/': {
    access: 'firmStaff',
    expect: '401 403 200 403 404 403 403 403',
    input: async (fx) => ({ params: id((await fx.freshWebhook()).delivery.id) }),
  },
};
