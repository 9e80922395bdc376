import { CONFIRM_MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { json, renderWithProviders, stubApi } from '../../test';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';

/** In StrictMode, which runs the screen's effects twice: the token must still be posted once. */
function renderAt(url: string, params: string[]) {
  renderWithProviders(
    <StrictMode>
      <AuthProvider>
        <ConfirmEmailScreen params={params} path={url} />
      </AuthProvider>
    </StrictMode>,
    { path: url },
  );
}

describe('ConfirmEmailScreen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('posts the single-use token once, says the address is confirmed and offers the login', async () => {
    const calls = stubApi((call) =>
      call.path === '/users/confirmEmail/' ? json({ success: CONFIRM_MSG.confirmed }) : undefined,
    );
    renderAt('/confirmEmail/5/?token=abc', ['5']);
    expect(await screen.findByText(CONFIRM_MSG.confirmed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login/');
    const posts = calls.filter((c) => c.path === '/users/confirmEmail/');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ method: 'POST', body: { user_id: 5, token: 'abc' } });
  });

  it("shows the server's message for a used or expired link", async () => {
    stubApi((call) =>
      call.path === '/users/confirmEmail/' ? json({ error: CONFIRM_MSG.invalid }, 400) : undefined,
    );
    renderAt('/confirmEmail/5/?token=used', ['5']);
    expect(await screen.findByText(CONFIRM_MSG.invalid)).toBeInTheDocument();
    expect(screen.getByText('We could not confirm your address')).toBeInTheDocument();
  });

  it('explains an incomplete link and sends nothing', () => {
    const calls = stubApi(() => undefined);
    renderAt('/confirmEmail/5/', ['5']);
    expect(screen.getByText('This link is incomplete')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
