import { plainTextMessage } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth';
import { renderWithProviders, stubApi } from '../../test';
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
});
