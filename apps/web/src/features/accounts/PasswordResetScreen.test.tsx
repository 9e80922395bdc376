import { PASSWORD_TOO_LONG, requiredFieldMessage } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { json, renderWithProviders, stubApi } from '../../test';
import { LoginScreen } from './LoginScreen';
import { PasswordResetScreen } from './PasswordResetScreen';

function renderAt(url: string) {
  renderWithProviders(<PasswordResetScreen params={['5']} path="passwordReset/5" />, { path: url });
}

describe('PasswordResetScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('welcomes an invited user with "Choose Your Password"', () => {
    renderAt('/passwordReset/5/?invite=1&token=abc');
    expect(screen.getByRole('heading', { name: 'Choose Your Password' })).toBeInTheDocument();
  });

  it('is the reset screen for a reset link, and says so when the token is missing', () => {
    renderAt('/passwordReset/5/?token=abc');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Save New Password' });
  });

  it('explains an incomplete link', () => {
    renderAt('/passwordReset/5/');
    expect(screen.getByText('This link is incomplete')).toBeInTheDocument();
  });

  it('says on the sign-in page that the password was changed (a signed-out visitor has no toasts)', async () => {
    const calls = stubApi((call) => (call.path === '/users/resetPassword/5/' ? json({}) : undefined));
    renderWithProviders(
      <AuthProvider>
        <Routes>
          <Route
            path="/passwordReset/5/"
            element={<PasswordResetScreen params={['5']} path="passwordReset/5" />}
          />
          <Route path="/login/" element={<LoginScreen />} />
        </Routes>
      </AuthProvider>,
      { path: '/passwordReset/5/?token=abc' },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password|^Password/), 'Sunrise2026!');
    await user.type(screen.getByLabelText(/^Confirm/), 'Sunrise2026!');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. You can now log in.',
    );
    expect(calls.find((c) => c.path === '/users/resetPassword/5/')?.body).toMatchObject({
      password: 'Sunrise2026!',
      token: 'abc',
    });
  });

  it("refuses a blank password with the reset route's own message under the field, sending nothing", async () => {
    const calls = stubApi(() => undefined);
    renderAt('/passwordReset/5/?token=abc');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save New Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
        expect.stringContaining(requiredFieldMessage('Password')),
      ),
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's message for the password under the password", async () => {
    stubApi((call) =>
      call.path === '/users/resetPassword/5/'
        ? json({ error: PASSWORD_TOO_LONG, fields: { password: PASSWORD_TOO_LONG } }, 400)
        : undefined,
    );
    renderAt('/passwordReset/5/?token=abc');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'Sunrise2026!');
    await user.type(screen.getByLabelText(/^Confirm/), 'Sunrise2026!');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
        expect.stringContaining(PASSWORD_TOO_LONG),
      ),
    );
  });
});
