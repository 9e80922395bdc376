/** Shared web test helpers: render inside Mantine, a router and a fresh query client; stub fetch by path. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../theme';

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MemoryRouter>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>
  );
}

export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(ui, { wrapper: ({ children }) => <Providers client={client}>{children}</Providers> });
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
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
    };
    calls.push(call);
    return (await respond(call)) ?? json({ error: `unexpected ${call.method} ${call.path}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
