import { INVALID_EMAIL_MESSAGE, MSG, requiredFieldMessage } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { PasswordResetRequestScreen } from './PasswordResetRequestScreen';

describe('PasswordResetRequestScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks the address with the route's own rules, then shows what the server answered", async () => {
    const calls = stubApi((call) =>
      call.path === '/users/userCheck/' ? json({ sent: true, message: MSG.resetEmailSent }) : undefined,
    );
    renderWithProviders(<PasswordResetRequestScreen />, { path: '/passwordResetRequest/' });
    const send = screen.getByRole('button', { name: 'Send Reset Email' });
    await userEvent.click(send);
    expect(await screen.findByText(requiredFieldMessage('Email'))).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(email);
    await userEvent.paste(`${'a'.repeat(250)}@example.com`);
    await userEvent.click(send);
    expect(await screen.findByText(INVALID_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@smithlaw.example');
    await userEvent.click(send);
    expect(await screen.findByText(MSG.resetEmailSent)).toBeInTheDocument();
    expect(calls).toMatchObject([{ method: 'POST', body: { email: 'ada@smithlaw.example' } }]);
  });
});
