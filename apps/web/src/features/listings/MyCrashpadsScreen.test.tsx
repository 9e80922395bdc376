import { requiredFieldMessage } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, json, renderWithProviders, stubApi } from '../../test';
import MyCrashpadsScreen from './MyCrashpadsScreen';

describe('MyCrashpadsScreen: a new listing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks the listing with the route's own rules before saving it", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/crashpad/' && call.method === 'GET') return json([]);
      if (call.path === '/api/home/crashpad/' && call.method === 'POST')
        return json({ id: 4, ...(call.body as object) }, 201);
      return undefined;
    });
    renderWithProviders(<MyCrashpadsScreen />, { user: currentUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Listing' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save Listing' });
    await userEvent.click(save);
    expect(await within(dialog).findByText(requiredFieldMessage('Title'))).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Cabin by the river');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.paste('x'.repeat(5001));
    await userEvent.click(save);
    expect(
      await within(dialog).findByText('Description must be at most 5000 characters.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
