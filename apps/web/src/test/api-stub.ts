/** The web test kit's fetch stub: answers by path, records every call, answers the CSRF call itself. */
import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch: the CSRF call answers itself, everything else goes to `respond` (404 when it returns nothing). */
export function stubApi(respond: (call: ApiCall) => Response | Promise<Response> | undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/api/csrfmiddlewaretoken/') return json({ csrfmiddlewaretoken: 'csrf-test' });
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return (await respond(call)) ?? json({ error: `unexpected ${call.method} ${call.path}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
