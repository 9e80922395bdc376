import { TIME_ZONE_MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { TimeZoneSetting } from './TimeZoneSetting';

describe('TimeZoneSetting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("saves the chosen zone for the signed-in user and keeps the browser's copy in step", async () => {
    localStorage.setItem('timezone', 'America/Denver');
    const calls = stubApi((call) =>
      call.path === '/users/timezone/'
        ? json({ timezone: (call.body as { timezone: string }).timezone })
        : undefined,
    );
    renderWithProviders(<TimeZoneSetting timezone="America/Denver" />);
    const select = screen.getByRole('combobox', { name: /Time zone/ });
    expect(select).toHaveValue('America/Denver');
    await userEvent.clear(select);
    await userEvent.type(select, 'Europe/Par');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText(TIME_ZONE_MSG.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/timezone/')).toMatchObject([
      { method: 'POST', body: { timezone: 'Europe/Paris' } },
    ]);
    expect(localStorage.getItem('timezone')).toBe('Europe/Paris');
  });

  it("refuses a zone that is not one with the route's own message, before sending it", async () => {
    const calls = stubApi((call) =>
      call.path === '/users/timezone/'
        ? json({ error: TIME_ZONE_MSG.invalid, fields: { timezone: TIME_ZONE_MSG.invalid } }, 400)
        : undefined,
    );
    renderWithProviders(<TimeZoneSetting timezone="Legacy/Zone" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect((await screen.findAllByText(TIME_ZONE_MSG.invalid)).length).toBeGreaterThan(0);
    expect(screen.queryByText(TIME_ZONE_MSG.saved)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/timezone/')).toEqual([]);
  });
});
