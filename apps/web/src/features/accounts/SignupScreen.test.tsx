import {
  INVALID_EMAIL_MESSAGE,
  MSG,
  PASSWORD_RULE,
  plainTextMessage,
  requiredFieldMessage,
} from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { json, renderWithProviders, stubApi } from '../../test';
import { SignupScreen } from './SignupScreen';

describe('SignupScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a web address in a name before sending anything (the firm is named after the person)', async () => {
    const calls = stubApi(() => undefined);
    renderWithProviders(
      <AuthProvider>
        <SignupScreen />
      </AuthProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Verify at evil.example');
    await user.type(screen.getByLabelText(/^Last Name/), 'Reyes');
    await user.type(screen.getByLabelText(/^Email/), 'morgan@reyeslaw.test');
    await user.type(screen.getByLabelText(/^Password/), 'Sunrise2026!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Sunrise2026!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(plainTextMessage('First name'))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/signup/')).toHaveLength(0);
  });

  it("names every empty field in the spec's words and checks the address with the route's schema", async () => {
    const calls = stubApi(() => undefined);
    renderWithProviders(
      <AuthProvider>
        <SignupScreen />
      </AuthProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
      expect(await screen.findByText(requiredFieldMessage(label))).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^First Name/), 'Morgan');
    await user.type(screen.getByLabelText(/^Last Name/), 'Reyes');
    await user.type(screen.getByLabelText(/^Email/), 'morgan at reyeslaw');
    await user.type(screen.getByLabelText(/^Password/), 'Sunrise2026!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Sunrise2026!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(INVALID_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/signup/')).toHaveLength(0);
  });

  async function fillIn(password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First Name/), 'Morgan');
    await user.type(screen.getByLabelText(/^Last Name/), 'Reyes');
    await user.type(screen.getByLabelText(/^Email/), 'morgan@reyeslaw.test');
    await user.type(screen.getByLabelText(/^Password/), password);
    await user.type(screen.getByLabelText(/^Confirm Password/), password);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  }

  it('shows the password rule before typing and checks it before sending', async () => {
    const calls = stubApi(() => undefined);
    renderWithProviders(
      <AuthProvider>
        <SignupScreen />
      </AuthProvider>,
    );
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    await fillIn('short1!');
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/signup/')).toHaveLength(0);
  });

  it("shows the server's field error once, under its field, not again above the button", async () => {
    stubApi((call) =>
      call.path === '/users/signup/'
        ? json({ error: MSG.emailTaken, fields: { email: MSG.emailTaken } }, 400)
        : undefined,
    );
    renderWithProviders(
      <AuthProvider>
        <SignupScreen />
      </AuthProvider>,
    );
    await fillIn('Sunrise2026!');
    expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.emailTaken)).toHaveLength(1);
  });

  it("shows a server password error under the field only, with no 'password: …' banner", async () => {
    const rule = 'Password must be at least 8 characters.';
    stubApi((call) =>
      call.path === '/users/signup/'
        ? json({ error: `password: ${rule}`, fields: { password: rule } }, 400)
        : undefined,
    );
    renderWithProviders(
      <AuthProvider>
        <SignupScreen />
      </AuthProvider>,
    );
    await fillIn('Sunrise2026!');
    expect(await screen.findByText(rule)).toBeInTheDocument();
    // Once: neither the raw 'password: …' message nor the rule again above the button.
    expect(screen.getAllByText(rule, { exact: false })).toHaveLength(1);
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
  });
});
