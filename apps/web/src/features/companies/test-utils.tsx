/** Test helpers for the companies feature: Mantine, a router, a fresh query client, a fetch stub. */
import type { ManagedUser } from '@dd/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../theme';

export function renderScreen(ui: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
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

/** Stubs fetch: the CSRF call answers itself, everything else goes to `respond` (404 when it returns nothing). */
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

export function managedUser(id: number, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    email: `user${id}@firm.test`,
    phone_number: null,
    company_id: 5,
    role_id: null,
    is_staff: false,
    is_active: true,
    is_admin_user: false,
    invite_pending: false,
    ...overrides,
  };
}
