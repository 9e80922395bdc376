import { CONFIRM_MSG } from '@dd/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { json, stubApi } from '../../test';
import { theme } from '../../theme';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';

function renderWithProviders(url: string, params: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <MantineProvider theme={theme} env="test">
          <QueryClientProvider client={client}>
            <AuthProvider>
              <ConfirmEmailScreen params={params} path={url} />
            </AuthProvider>
          </QueryClientProvider>
        </MantineProvider>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('ConfirmEmailScreen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('posts the single-use token once, says the address is confirmed and offers the login', async () => {
    const calls = stubApi((call) =>
      call.path === '/users/confirmEmail/' ? json({ success: CONFIRM_MSG.confirmed }) : undefined,
    );
    renderWithProviders('/confirmEmail/5/?token=abc', ['5']);
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
    renderWithProviders('/confirmEmail/5/?token=used', ['5']);
    expect(await screen.findByText(CONFIRM_MSG.invalid)).toBeInTheDocument();
    expect(screen.getByText('We could not confirm your address')).toBeInTheDocument();
  });

  it('explains an incomplete link and sends nothing', () => {
    const calls = stubApi(() => undefined);
    renderWithProviders('/confirmEmail/5/', ['5']);
    expect(screen.getByText('This link is incomplete')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
