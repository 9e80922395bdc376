import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, json, renderWithProviders, stubApi } from '../../test';
import { RequestListScreen } from './RequestListScreen';

let isStaff = false;

afterEach(() => {
  vi.unstubAllGlobals();
  isStaff = false;
});

function api() {
  return stubApi((call) => {
    if (call.path === '/api/home/request/')
      return json({ count: 0, next: null, previous: null, results: [] });
    if (call.path === '/api/user/User/') return json([]);
    if (call.path.startsWith('/api/')) return json({});
    return undefined;
  });
}

describe('the request list for a Direct Docs user who is not staff', () => {
  it('says that only staff hold work, instead of an empty list that never fills', async () => {
    api();
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({
        id: 7,
        full_name: 'Ola Reader',
        company_id: 1,
        is_internal: true,
        is_staff: isStaff,
      }),
    });
    expect(
      await screen.findByText(/Only staff claim and are assigned requests, so none will be yours/),
    ).toBeInTheDocument();
  });

  it('says nothing of the kind to staff', async () => {
    isStaff = true;
    api();
    renderWithProviders(<RequestListScreen />, {
      user: currentUser({
        id: 7,
        full_name: 'Ola Reader',
        company_id: 1,
        is_internal: true,
        is_staff: isStaff,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'To Do List' })).toBeInTheDocument();
    expect(screen.queryByText(/so none will be yours/)).toBeNull();
  });
});
