import { CONFIRM_MSG, MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { ConfirmEmailBanner } from './ConfirmEmailBanner';

describe('ConfirmEmailBanner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the address, sends the link again and shows the outcome', async () => {
    const calls = stubApi((call) =>
      call.path === '/users/confirmEmail/resend/' ? json({ success: CONFIRM_MSG.sent }) : undefined,
    );
    renderWithProviders(<ConfirmEmailBanner email="ada@newfirm.test" />);
    const banner = screen.getByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner).toHaveTextContent('open the link we sent to ada@newfirm.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(CONFIRM_MSG.sent)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/confirmEmail/resend/' && c.method === 'POST')).toHaveLength(
      1,
    );
  });

  it("shows the server's 429 message when the link was sent too often", async () => {
    stubApi((call) =>
      call.path === '/users/confirmEmail/resend/' ? json({ error: MSG.tooManyRequests }, 429) : undefined,
    );
    renderWithProviders(<ConfirmEmailBanner email="ada@newfirm.test" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.tooManyRequests);
  });
});
