import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme';
import { PasswordResetScreen } from './PasswordResetScreen';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <MantineProvider theme={theme} env="test">
        <PasswordResetScreen params={['5']} path="passwordReset/5" />
      </MantineProvider>
    </MemoryRouter>,
  );
}

describe('PasswordResetScreen', () => {
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
});
