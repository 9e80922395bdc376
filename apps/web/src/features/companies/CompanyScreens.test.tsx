import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { company, internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import CompanyListScreen from './CompanyListScreen';
import GhostUsersScreen from './GhostUsersScreen';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyListScreen', () => {
  it('lists companies with their counts and row links, filtered by name', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/companies/'
        ? json({
            count: 1,
            next: null,
            previous: null,
            results: [
              {
                id: 5,
                name: 'Smith Law Group',
                city: 'Denver',
                state: 'CO',
                users_count: 3,
                requests_count: 9,
                open_requests_count: 4,
              },
            ],
          })
        : undefined,
    );
    renderWithProviders(<CompanyListScreen />, { user: internalStaffUser({ id: 1 }) });
    expect(await screen.findByText('Smith Law Group')).toBeInTheDocument();
    expect(screen.getByText('Denver, CO')).toBeInTheDocument();
    const links = {
      Edit: '/editCompany/5/',
      Invite: '/inviteUsers/5/',
      'View Users Experience': '/ghostUsers/5/',
      'Add Request': '/editRequest/5/',
      'View Dashboard': '/dashboard/5/',
    };
    for (const [label, href] of Object.entries(links)) {
      expect(screen.getByRole('link', { name: `${label}: Smith Law Group` })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'Add Company' })).toHaveAttribute('href', '/editCompany/new/');
    await userEvent.type(screen.getByLabelText('Name'), 'smith');
    await waitFor(() => expect(calls.at(-1)?.query.get('name')).toBe('smith'), { timeout: 2000 });
    expect(calls.at(-1)?.query.get('page_size')).toBe('10');
  });

  it("keeps Direct Docs' own details and people one click away, outside the law-firm list", async () => {
    stubApi((call) =>
      call.path === '/api/companies/'
        ? json({ count: 0, next: null, previous: null, results: [] })
        : undefined,
    );
    renderWithProviders(<CompanyListScreen />, { user: internalStaffUser({ id: 1 }) });
    expect(await screen.findByText(/Direct Docs is not a law firm, so it is not listed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Direct Docs details' })).toHaveAttribute(
      'href',
      '/editCompany/1/',
    );
    expect(screen.getByRole('link', { name: 'Direct Docs users' })).toHaveAttribute(
      'href',
      '/inviteUsers/1/',
    );
  });
});

describe('GhostUsersScreen', () => {
  it("lists the company's users with a View button to their dashboard", async () => {
    stubApi((call) => {
      if (call.path === '/api/home/company/5/') return json([{ company: company() }]);
      if (call.path === '/api/user/User/') {
        return json([
          {
            User: {
              id: 7,
              first_name: 'Paula',
              last_name: 'Legal',
              full_name: 'Paula Legal',
              email: 'p@s.test',
            },
          },
        ]);
      }
      return undefined;
    });
    renderWithProviders(<GhostUsersScreen params={['5']} path="ghostUsers/5" />, {
      user: internalStaffUser({ id: 1 }),
    });
    expect(screen.getByRole('heading', { name: 'Company User List' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View Paula Legal' })).toHaveAttribute(
      'href',
      '/dashboard/5/7/',
    );
  });
});
