/** Renders a component as the app does: a router at a given address, the Mantine theme with modals and
 * notifications, and a fresh query client (no retries). With `address`, an `address` output shows the query
 * string so tests can check what the address keeps (opt-in: an <output> has the 'status' role). */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../theme';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

export function renderWithProviders(ui: ReactElement, { path = '/', address = false } = {}) {
  // Mantine keeps notifications in a module-level store: without this, one test's toast shows in the next.
  notifications.clean();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          {children}
          {address && <Address />}
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>
  );
  return render(ui, { wrapper });
}

type HappyDomWindow = { happyDOM?: { setViewport(size: { width: number; height: number }): void } };

/** Renders at a phone's width (390 × 844) or back at happy-dom's default desktop size, for CSS media queries. */
export function setViewport(size: 'phone' | 'desktop') {
  const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1024, height: 768 };
  (window as unknown as HappyDomWindow).happyDOM?.setViewport(viewport);
}
