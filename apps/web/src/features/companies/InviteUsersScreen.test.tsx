import { MSG, userAtAnotherFirmMessage } from '@dd/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  company,
  firmStaffUser,
  json,
  managedUser,
  renderWithProviders,
  stubApi,
} from '../../test';
import InviteUsersScreen from './InviteUsersScreen';

const firm = company({ request_price: '35.00' });
const users = [managedUser(1, { is_staff: true }), managedUser(2)];

function api(onInvite: (call: ApiCall) => Response) {
  return stubApi((call) => {
    if (call.path === '/api/home/company/5/') return json([{ company: firm }]);
    if (call.path === '/api/user/user/') return json(users.map((User) => ({ User })));
    if (call.path === '/api/user/invite/') return onInvite(call);
    return undefined;
  });
}

const cell = (column: string, row: number) => screen.getByLabelText(`${column}, row ${row}`);
const invited = { success: MSG.usersInvited, created: 1, updated: 0, removed: 0, deactivated: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('InviteUsersScreen', () => {
  it('prefills the users, pads to 300 rows and saves the grid', async () => {
    const calls = api(() => json(invited));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    expect(await screen.findByDisplayValue('user2@firm.test')).toBeInTheDocument();
    expect(screen.getByText('Smith Law Group')).toBeInTheDocument();
    expect(cell('Email', 300)).toHaveValue('');
    expect(cell('Admin Access', 1)).toHaveValue('TRUE');

    await userEvent.type(cell('Email', 3), 'new@firm.test');
    await userEvent.type(cell('Admin Access', 3), 'TRUE');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The result banner on the page and the notification both say it.
    expect(await screen.findAllByText(MSG.usersInvited)).toHaveLength(2);
    const sent = calls.find((c) => c.path === '/api/user/invite/')!.body as {
      company_id: number;
      rows: object[];
    };
    expect(sent.company_id).toBe(5);
    expect(sent.rows).toHaveLength(3);
    expect(sent.rows[2]).toMatchObject({ email: 'new@firm.test', admin_access: 'TRUE' });
  });

  it('asks before removing users whose rows were cleared', async () => {
    const calls = api(() => json({ ...invited, created: 0, removed: 1 }));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    await userEvent.click(screen.getByRole('button', { name: 'Clear row 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.areYouSure });
    expect(within(dialog).getByText('First2 Last2 (user2@firm.test)')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/invite/')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove and Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/invite/')).toBe(true));
  });

  it('says what removing a row does: deleted without history, deactivated with it', async () => {
    api(() => json(invited));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    expect(screen.queryByText(/Removing a row deletes that user/)).toBeNull();
    expect(
      screen.getByText(/who have requests, notes or file history are deactivated instead/),
    ).toBeVisible();
  });

  it('asks before deactivating anyone, naming admins and warning when no admin stays active', async () => {
    const admin = managedUser(3, {
      is_staff: true,
      first_name: 'Ada',
      last_name: 'Admin',
      full_name: 'Ada Admin',
    });
    const staffCaller = stubApi((call) => {
      if (call.path === '/api/home/company/5/') return json([{ company: firm }]);
      if (call.path === '/api/user/user/') return json([managedUser(2), admin].map((User) => ({ User })));
      if (call.path === '/api/user/invite/') return json({ ...invited, created: 0, updated: 2 });
      return undefined;
    });
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user3@firm.test');
    // Internal staff editing a firm: every row of the firm set to FALSE, the admin's too.
    for (const row of [1, 2]) {
      await userEvent.clear(cell('Active', row));
      await userEvent.type(cell('Active', row), 'FALSE');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.areYouSure });
    expect(within(dialog).getByText(/will be deactivated and can no longer sign in/)).toBeInTheDocument();
    expect(within(dialog).getByText('First2 Last2 (user2@firm.test)')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada Admin (user3@firm.test), admin access')).toBeInTheDocument();
    expect(within(dialog).getByText(/No active user with admin access will be left/)).toBeInTheDocument();
    expect(staffCaller.some((c) => c.path === '/api/user/invite/')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate and Save' }));
    await waitFor(() => expect(staffCaller.some((c) => c.path === '/api/user/invite/')).toBe(true));
  });

  it('reaches Clear row with the keyboard and clears the row with Enter', async () => {
    api(() => json(invited));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    cell('Active', 1).focus();
    await userEvent.tab();
    const clear = screen.getByRole('button', { name: 'Clear row 2' });
    expect(clear).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(cell('Email', 2)).toHaveValue('');
    await waitFor(() => expect(cell('First Name', 2)).toHaveFocus());
  });

  it('lists every error the server sends and saves nothing', async () => {
    const errors = [userAtAnotherFirmMessage('taken@other.test')];
    api(() => json({ error: errors.join('\n'), details: { errors } }, 400));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    await userEvent.type(cell('Email', 3), 'taken@other.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('taken@other.test already exists at another law firm.'),
    ).toBeInTheDocument();
    expect(cell('Email', 3).closest('tr')?.className).toMatch(/errorRow/);
  });

  it('checks e-mails before sending', async () => {
    const calls = api(() => json(invited));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    await userEvent.type(cell('Email', 4), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row 4: nope is not a valid email address.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/invite/')).toBe(false);
  });

  it('moves between cells with arrow keys and Enter, and pastes spreadsheet rows', async () => {
    api(() => json(invited));
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    await screen.findByDisplayValue('user2@firm.test');
    cell('First Name', 3).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(cell('First Name', 4)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(cell('First Name', 5)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowRight}');
    expect(cell('Last Name', 4)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(cell('First Name', 4)).toHaveFocus();

    fireEvent.paste(cell('First Name', 4), {
      clipboardData: { getData: () => 'Ann\tSmith\tann@firm.test\t\tTRUE\nBob\tJones\tbob@firm.test\n' },
    });
    expect(cell('Email', 4)).toHaveValue('ann@firm.test');
    expect(cell('Admin Access', 4)).toHaveValue('TRUE');
    expect(cell('First Name', 5)).toHaveValue('Bob');
    expect(screen.getByText(/4 users, 2 new/)).toBeInTheDocument();
  });
});

describe('InviteUsersScreen access', () => {
  it('tells a user the server does not let manage the firm that they cannot invite, and loads no users', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/company/5/') {
        return json([{ company: company({ abilities: { ...firm.abilities, can_manage: false } }) }]);
      }
      return undefined;
    });
    renderWithProviders(<InviteUsersScreen params={['5']} path="inviteUsers/5" />, {
      user: firmStaffUser({ id: 1 }),
    });
    expect(
      await screen.findByText("Only your company's administrators can invite users."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/user/')).toBe(false);
  });

  it("shows another firm's company as not found", async () => {
    stubApi((call) => (call.path === '/api/home/company/9/' ? json({ error: 'Not found' }, 404) : undefined));
    renderWithProviders(<InviteUsersScreen params={['9']} path="inviteUsers/9" />, {
      user: firmStaffUser({ id: 1 }),
    });
    expect(await screen.findByText('No company found here.')).toBeInTheDocument();
  });
});
