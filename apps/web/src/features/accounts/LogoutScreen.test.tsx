import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { json, renderWithProviders, stubApi } from '../../test';
import { LogoutScreen } from './LogoutScreen';

/** /logOut/ ends the session on the server, not only in the browser. */
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('LogoutScreen', () => {
  it('revokes the session on the server and forgets the tokens', async () => {
    localStorage.setItem('token', 'access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    const calls = stubApi((call) =>
      call.path === '/users/token/revoke/' ? json({ success: true }) : json({}),
    );
    renderWithProviders(
      <AuthProvider>
        <LogoutScreen />
      </AuthProvider>,
    );
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/users/token/revoke/')).toMatchObject({
        method: 'POST',
        body: { refresh: 'refresh-1' },
      }),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
