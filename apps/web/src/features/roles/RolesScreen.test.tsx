import { PERMISSION_LABELS } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import { RolesScreen } from './RolesScreen';

let manageRoles = true;

afterEach(() => {
  vi.unstubAllGlobals();
  manageRoles = true;
});

const billing = {
  id: 4,
  name: 'Billing lead',
  permissions: ['view_fees'],
  members: [{ id: 12, full_name: 'Jo Billing' }],
};

function api() {
  return stubApi((call) => {
    if (call.path === '/api/user/roles/' && call.method === 'GET') return json([billing]);
    if (call.path === '/api/user/roles/' && call.method === 'POST') {
      return json({ id: 5, name: 'Desk', permissions: [], members: [] }, 201);
    }
    if (call.path === '/api/user/roles/4/') return json(billing);
    if (call.path === '/api/user/user/13/role/') return json([billing]);
    if (call.path === '/api/user/User/') {
      return json([
        { User: { id: 12, full_name: 'Jo Billing', is_staff: true, is_active: true } },
        { User: { id: 13, full_name: 'Sam Desk', is_staff: true, is_active: true } },
        { User: { id: 14, full_name: 'Ola Reader', is_staff: false, is_active: true } },
      ]);
    }
    return undefined;
  });
}

describe('RolesScreen', () => {
  it('tells anyone but an administrator that the screen is not for them', () => {
    manageRoles = false;
    const calls = api();
    renderWithProviders(<RolesScreen />, {
      user: internalStaffUser({ abilities: { ...internalStaffUser().abilities, manage_roles: manageRoles } }),
    });
    expect(
      screen.getByText('Only Direct Docs administrators manage roles and permissions.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/roles/')).toHaveLength(0);
  });

  it('lists roles with their permissions and people, and changes them through the server', async () => {
    const calls = api();
    renderWithProviders(<RolesScreen />, {
      user: internalStaffUser({ abilities: { ...internalStaffUser().abilities, manage_roles: manageRoles } }),
    });
    const permissions = await screen.findByRole('group', { name: 'Permissions of Billing lead' });
    expect(
      within(permissions).getByRole('checkbox', { name: PERMISSION_LABELS.view_fees.label }),
    ).toBeChecked();
    expect(screen.getByText('Jo Billing')).toBeInTheDocument();

    await userEvent.click(
      within(permissions).getByRole('checkbox', { name: PERMISSION_LABELS.view_company_counts.label }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/roles/4/')?.body).toEqual({
        name: 'Billing lead',
        permissions: ['view_fees', 'view_company_counts'],
      }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Give Billing lead to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Desk' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/user/13/role/')?.body).toEqual({ role_id: 4 }),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'New role' }), 'Desk');
    await userEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/roles/' && c.method === 'POST')?.body).toEqual({
        name: 'Desk',
        permissions: [],
      }),
    );
  });

  it('offers roles to staff only, and says that only staff work requests', async () => {
    api();
    renderWithProviders(<RolesScreen />, {
      user: internalStaffUser({ abilities: { ...internalStaffUser().abilities, manage_roles: manageRoles } }),
    });
    expect(
      await screen.findByText(
        /Only staff work requests: they claim them, are assigned them and hold roles\./,
      ),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Give Billing lead to' }));
    expect(await screen.findByRole('option', { name: 'Sam Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ola Reader' })).toBeNull();
  });
});
