import { DEADLINE_DIGEST_MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { DeadlineDigestSetting } from './DeadlineDigestSetting';

afterEach(() => vi.unstubAllGlobals());

describe('DeadlineDigestSetting', () => {
  it('turns the weekly deadline e-mail on and off for the signed-in user', async () => {
    const calls = stubApi((call) => (call.path === '/users/deadline_digest/' ? json(call.body) : undefined));
    renderWithProviders(<DeadlineDigestSetting enabled={false} />);
    const toggle = screen.getByRole('switch', { name: 'Weekly deadline e-mail' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText(DEADLINE_DIGEST_MSG.on)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText(DEADLINE_DIGEST_MSG.off)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/deadline_digest/').map((c) => c.body)).toEqual([
      { weekly_deadline_digest: true },
      { weekly_deadline_digest: false },
    ]);
  });

  it('shows the server’s refusal and leaves the switch as it was', async () => {
    stubApi((call) =>
      call.path === '/users/deadline_digest/'
        ? json({ error: DEADLINE_DIGEST_MSG.firmsOnly }, 403)
        : undefined,
    );
    renderWithProviders(<DeadlineDigestSetting enabled={false} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Weekly deadline e-mail' }));
    expect(await screen.findByText(DEADLINE_DIGEST_MSG.firmsOnly)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Weekly deadline e-mail' })).not.toBeChecked();
  });
});
