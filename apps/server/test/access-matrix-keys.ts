import { id, type MatrixRow, unique } from './access-matrix-kit';

/**
 * Access matrix rows: a firm's API keys, managed by the firm's administrators only (internal staff are
 * not firm administrators). What a key itself may call is checked by api-keys-access.test.ts.
 */
export const API_KEY_ROWS: Record<string, MatrixRow> = {
  'GET /api/keys/': {
    access: 'firmStaff',
    expect: '401 403 200 403 200 403 403 403',
    note: 'each firm sees its own keys only',
  },
  'POST /api/keys/': {
    access: 'firmStaff',
    expect: '401 403 201 403 201 403 403 403',
    note: 'the key is made for the caller’s own firm',
    input: () => ({ body: { name: unique('Case system'), scopes: ['read_requests'] } }),
  },
  'POST /api/keys/:id/revoke/': {
    access: 'firmStaff',
    expect: '401 403 200 403 404 403 403 403',
    input: async (fx) => ({ params: id((await fx.freshApiKey()).id) }),
  },
};
