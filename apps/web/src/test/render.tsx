/** Renders a component as the app does: a router at a given address, the Mantine theme with modals and
 * notifications, and a fresh query client (no retries). With `address`, an `address` output shows the query
 * string so tests can check what the address keeps (opt-in: an <output> has the 'status' role). With `user`,
 * useAuth() gives that signed-in user (null: signed out) without a token or a call, so no test mocks the
 * auth module; a test of signing in itself renders the real AuthProvider inside. */
import { type CurrentUser, DEFAULT_INACTIVITY_MINUTES } from '@dd/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AuthContext, type AuthValue } from '../auth';
import { cssVariablesResolver, theme } from '../theme';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

/** What useAuth() gives a screen signed in as `user`: signing in or out does nothing. */
function signedInAs(user: CurrentUser | null): AuthValue {
  return {
    user,
    loading: false,
    signIn: async () => undefined,
    signOut: async () => undefined,
    sessionMinutes: user?.session_timeout_minutes ?? DEFAULT_INACTIVITY_MINUTES,
  };
}

interface RenderOptions {
  path?: string;
  address?: boolean;
  /** The signed-in user (currentUser(), internalStaffUser(), …), or null for a signed-out visitor. */
  user?: CurrentUser | null;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', address = false, user }: RenderOptions = {},
) {
  // Mantine keeps notifications in a module-level store: without this, one test's toast shows in the next.
  notifications.clean();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth = user === undefined ? null : signedInAs(user);
  const signedIn = (children: ReactNode) =>
    auth ? <AuthContext.Provider value={auth}>{children}</AuthContext.Provider> : children;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          {signedIn(children)}
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
