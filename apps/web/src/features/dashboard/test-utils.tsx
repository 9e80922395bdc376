/** Test helpers for the dashboard: Mantine, a router at a given address, a query client, a fetch stub. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../theme';

/** Shows the current query string so tests can check what the address keeps. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

export function renderAt(ui: ReactElement, path = '/dashboard/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          {ui}
          <Address />
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  path: string;
  query: URLSearchParams;
}

/** Stubs fetch; `respond` answers by path (404 when it returns nothing). */
export function stubApi(respond: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://app.test');
      const call = { path: url.pathname, query: url.searchParams };
      calls.push(call);
      return respond(call) ?? json({ error: `unexpected ${call.path}` }, 404);
    }),
  );
  return calls;
}
