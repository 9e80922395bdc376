import { API_KEY_MSG, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@dd/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors';

/**
 * Which routes an API key may call, and the scope each needs: the one place that opens a route to keys
 * (decision 054). A route missing here answers 403 to every key, so a new route stays closed to keys until
 * someone decides its scope; account, user, key and billing routes and every internal route are never
 * listed (`api-keys-access.test.ts` fails if one is). A route with several scopes accepts any one of them.
 */
export const API_KEY_ROUTES: Readonly<Record<string, readonly ApiKeyScope[]>> = {
  // The firm's requests, their notes and follow-ups, and what an order chooses from.
  'GET /api/home/request/': ['read_requests'],
  'GET /api/home/request/:id/': ['read_requests'],
  'GET /api/home/notes/': ['read_requests'],
  'GET /api/home/request/:id/follow_ups/': ['read_requests'],
  // A partner sees which provider fees wait for the firm; a person at the firm approves or declines them.
  'GET /api/home/request/:id/fee_approvals/': ['read_requests'],
  'GET /api/requests-company/:company_id/': ['read_requests'],
  'GET /api/dashboard-info/:company_id/': ['read_requests'],
  'GET /api/home/requesttype/': ['read_requests', 'create_requests'],
  'GET /api/home/provider/': ['read_requests', 'create_requests'],
  'GET /api/home/provider/:id/': ['read_requests', 'create_requests'],
  'GET /api/providers/': ['read_requests', 'create_requests'],
  // The firm's people by id and name (the main contact an order names), not user management.
  'GET /api/user/User/': ['read_requests', 'create_requests'],
  // Ordering and changing requests.
  'POST /api/home/request/': ['create_requests'],
  'POST /api/home/request/:id/': ['create_requests'],
  'POST /api/home/notes/': ['create_requests'],
  'POST /api/home/provider/': ['create_requests'],
  'GET /api/home/quote/': ['create_requests'],
  'POST /api/home/file/': ['create_requests'],
  // An upload serves a client's HIPAA form as well as a request's documents.
  'POST /api/photoUpload/': ['create_requests', 'manage_clients'],
  // Files: the lists of what arrived, links to download one file or a client's package.
  'GET /api/download-request/': ['read_files'],
  'GET /api/download-request/:company_id/': ['read_files'],
  'GET /api/download-records/:company_id/': ['read_files'],
  'POST /getFileUrl/': ['read_files'],
  'POST /api/download-zip/': ['read_files'],
  // A delivered request's records package: the stamped PDFs, their index and SHA256SUMS, as one ZIP.
  'GET /api/home/request/:id/package/': ['read_files'],
  // Whether what arrived is complete: the pages the firm checked off and what is still missing.
  'GET /api/home/request/:id/completeness/': ['read_files'],
  // Searching the text of the firm's received records, and how far a request's indexing has come.
  'GET /api/search/records/': ['read_files'],
  'GET /api/search/records/request/:id/': ['read_files'],
  // Clients, their Social Security numbers included (each read is audited as a user's is).
  'GET /api/home/patient/': ['manage_clients'],
  'GET /api/home/patient/:id/': ['manage_clients'],
  'POST /api/home/patient/': ['manage_clients'],
  'POST /api/home/patient/:id/': ['manage_clients'],
  'POST /get_related_info/': ['manage_clients'],
  'POST /save_related_info/': ['manage_clients'],
};

/** The scopes that open a route to keys (HEAD answers as its GET), or undefined when keys may not call it. */
export function scopesForRoute(method: string, url: string): readonly ApiKeyScope[] | undefined {
  return API_KEY_ROUTES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** 403 unless the key holds one of the scopes the route needs, with a message naming the scope. */
export function assertKeyMayCall(request: FastifyRequest, held: readonly ApiKeyScope[]): void {
  const needed = scopesForRoute(request.method, request.routeOptions.url ?? '');
  if (!needed) throw forbidden(API_KEY_MSG.routeClosed);
  if (!needed.some((scope) => held.includes(scope))) {
    throw forbidden(
      API_KEY_MSG.missingScope(needed.map((s) => API_KEY_SCOPE_LABELS[s].label).join('” or “')),
    );
  }
}
