import { RECORDS_SEARCH_MSG, type RecordsSearchResult } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, internalStaffUser, json, renderWithProviders, stubApi } from '../../test';
import { RecordsSearchScreen } from './RecordsSearchScreen';

afterEach(() => vi.unstubAllGlobals());

const result = (over: Partial<RecordsSearchResult> = {}): RecordsSearchResult => ({
  request: {
    id: 41,
    client_id: 7,
    client_name: 'Pat Doe',
    provider_name: 'Riverside Imaging',
    company_name: 'Smith & Lee LLP',
  },
  file: { id: 90, name: 'Imaging.pdf', view_url: '/files/tok/Imaging.pdf' },
  page: 3,
  bates: 'DOE0000007',
  snippet: 'MRI of the <b>lumbar</b> spine',
  highlights: [
    { start: 0, end: 3 },
    { start: 11, end: 24 },
  ],
  ...over,
});

describe('RecordsSearchScreen', () => {
  it('asks for words before searching anything', () => {
    const calls = stubApi(() => undefined);
    renderWithProviders(<RecordsSearchScreen />, { path: '/searchRecords/', user: currentUser() });
    expect(screen.getByText(RECORDS_SEARCH_MSG.prompt)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows each page found with its client, request, Bates number and the match marked as text', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/search/records/'
        ? json({ count: 1, count_capped: false, page: 1, page_size: 20, results: [result()] })
        : undefined,
    );
    renderWithProviders(<RecordsSearchScreen />, { path: '/searchRecords/', user: currentUser() });
    await userEvent.type(screen.getByRole('searchbox', { name: RECORDS_SEARCH_MSG.label }), 'MRI lumbar');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(calls.at(-1)?.query.get('q')).toBe('MRI lumbar');
    expect(screen.getByText(RECORDS_SEARCH_MSG.count(1))).toBeInTheDocument();
    const open = within(list).getByRole('link', { name: RECORDS_SEARCH_MSG.openPage('Imaging.pdf', 3) });
    expect(open).toHaveAttribute('href', '/files/tok/Imaging.pdf#page=3');
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(list).getByRole('link', { name: 'Request #41' })).toHaveAttribute('href', '/request/41/');
    expect(within(list).getByText('DOE0000007')).toBeInTheDocument();
    expect(within(list).getByText(/Pat Doe · Riverside Imaging/)).toBeInTheDocument();
    // The firm is named for staff only.
    expect(within(list).queryByText(/Smith & Lee LLP/)).toBeNull();
    // Markup in a record stays text: only the server's ranges are marked.
    const marks = list.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['MRI', '<b>lumbar</b>']);
    expect(list.querySelector('b')).toBeNull();
  });

  it('says when nothing matches, names the firm for staff, and pages through results', async () => {
    stubApi((call) => {
      if (call.path !== '/api/search/records/') return undefined;
      if (call.query.get('q') === 'nothing')
        return json({ count: 0, count_capped: false, page: 1, page_size: 20, results: [] });
      const page = Number(call.query.get('page'));
      return json({ count: 45, count_capped: false, page, page_size: 20, results: [result({ page })] });
    });
    const { unmount } = renderWithProviders(<RecordsSearchScreen />, {
      path: '/searchRecords/?q=nothing',
      user: currentUser(),
    });
    expect(await screen.findByText(RECORDS_SEARCH_MSG.empty('nothing'))).toBeInTheDocument();
    unmount();

    renderWithProviders(<RecordsSearchScreen />, {
      path: '/searchRecords/?q=lumbar',
      user: internalStaffUser(),
    });
    expect(await screen.findByText(/Smith & Lee LLP/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(
      await screen.findByRole('link', { name: RECORDS_SEARCH_MSG.openPage('Imaging.pdf', 3) }),
    ).toBeInTheDocument();
  });

  it('says the search failed and tries again', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path !== '/api/search/records/') return undefined;
      if (fail) return json({ error: 'down' }, 500);
      return json({ count: 1, count_capped: false, page: 1, page_size: 20, results: [result()] });
    });
    renderWithProviders(<RecordsSearchScreen />, { path: '/searchRecords/?q=mri', user: currentUser() });
    expect(await screen.findByText(RECORDS_SEARCH_MSG.failed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
  });
});
