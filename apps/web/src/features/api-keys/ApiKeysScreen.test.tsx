import { API_KEY_MSG } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentUser,
  firmStaffUser,
  internalStaffUser,
  json,
  renderWithProviders,
  stubApi,
} from '../../test';
import { ApiKeysScreen } from './ApiKeysScreen';

afterEach(() => vi.unstubAllGlobals());

const existing = {
  id: 3,
  name: 'Clio',
  scopes: ['read_requests', 'read_files'],
  hint: 'ddk_AbCd…',
  created: '2026-11-02T15:00:00.000Z',
  created_by: { id: 9, full_name: 'Ann Attorney' },
  last_used_at: null,
  revoked_at: null,
};

function api() {
  let revoked: string | null = null;
  return stubApi((call) => {
    if (call.path === '/api/keys/' && call.method === 'GET')
      return json([{ ...existing, revoked_at: revoked }]);
    if (call.path === '/api/keys/' && call.method === 'POST')
      return json({ id: 4, key: 'ddk_secret-shown-once' }, 201);
    if (call.path === '/api/keys/3/revoke/') {
      revoked = '2026-11-03T10:00:00.000Z';
      return json({ ...existing, revoked_at: revoked });
    }
    return undefined;
  });
}

describe('ApiKeysScreen', () => {
  it('is for a firm’s administrators: members and internal staff are told so and nothing is asked', () => {
    for (const user of [currentUser(), internalStaffUser()]) {
      const calls = api();
      const { unmount } = renderWithProviders(<ApiKeysScreen />, { user });
      expect(screen.getByText(API_KEY_MSG.firmsOnly)).toBeInTheDocument();
      expect(calls).toHaveLength(0);
      unmount();
    }
  });

  it('lists the keys with their scopes and last use', async () => {
    api();
    renderWithProviders(<ApiKeysScreen />, { user: firmStaffUser() });
    const row = (await screen.findByText('Clio')).closest('tr')!;
    expect(within(row).getByText('Read requests')).toBeInTheDocument();
    expect(within(row).getByText('Read files')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('ddk_AbCd…')).toBeInTheDocument();
  });

  it('asks for a name and a scope, then shows the new key once with its warning', async () => {
    const calls = api();
    renderWithProviders(<ApiKeysScreen />, { user: firmStaffUser() });
    await screen.findByText('Clio');
    await userEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText(API_KEY_MSG.scopesRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Filevine');
    await userEvent.click(screen.getByRole('checkbox', { name: /Create requests/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('ddk_secret-shown-once')).toBeInTheDocument();
    expect(screen.getByText(API_KEY_MSG.created)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Key' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Filevine',
      scopes: ['create_requests'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'I Have Saved It' }));
    expect(screen.queryByText('ddk_secret-shown-once')).not.toBeInTheDocument();
  });

  it('revokes a key only after confirming', async () => {
    const calls = api();
    renderWithProviders(<ApiKeysScreen />, { user: firmStaffUser() });
    const row = (await screen.findByText('Clio')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(API_KEY_MSG.revokeConfirm('Clio'))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/keys/3/revoke/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/keys/3/revoke/')).toHaveLength(1));
    expect(await screen.findByText(/Revoked 11\/03\/2026/)).toBeInTheDocument();
  });
});
