/** Test helpers: Mantine (with notifications), a router at a given address, a query client, a fetch stub. */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../theme';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

export function renderAt(ui: ReactElement, path = '/requestlist/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MantineProvider theme={theme} env="test">
        <ModalsProvider>
          <Notifications />
          <QueryClientProvider client={client}>
            {ui}
            <Address />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Stubs fetch: the CSRF call answers itself; `respond` answers the rest (404 when it returns nothing). */
export function stubApi(respond: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/api/csrfmiddlewaretoken/') return json({ csrfmiddlewaretoken: 'csrf-test' });
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return respond(call) ?? json({ error: `unexpected ${call.method} ${call.path}` }, 404);
    }),
  );
  return calls;
}
