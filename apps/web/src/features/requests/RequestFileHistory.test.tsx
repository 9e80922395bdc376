import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firmStaffUser, json, renderWithProviders, requestDetail, requestFile, stubApi } from '../../test';
import { RequestDetailScreen } from './RequestDetailScreen';

afterEach(() => vi.unstubAllGlobals());

/** Who opened which file: the request screen asks for each file's history and shows it on demand. */
describe('file download history on the request screen', () => {
  it('asks for the history, and lists who downloaded the file, when and from which address', async () => {
    const downloaded = requestFile({
      id: 7,
      name: 'Records.pdf',
      file_accesses: [
        {
          id: 2,
          action: 'DOWNLOAD',
          ip: '203.0.113.9',
          user: { id: 3, full_name: 'Paula Legal', direct_docs: false },
          created_at: '2024-05-02T15:04:00.000Z',
        },
        {
          id: 1,
          action: 'DOWNLOAD',
          ip: null,
          user: { id: 1, full_name: 'Sam Staff', direct_docs: true },
          created_at: '2024-05-01T09:00:00.000Z',
        },
      ],
    });
    const fresh = requestFile({ id: 8, name: 'Bills.pdf', file_accesses: [] });
    const calls = stubApi((call) =>
      call.path === '/api/home/request/21/' ? json(requestDetail({ files: [downloaded, fresh] })) : undefined,
    );
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: firmStaffUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download history of Records.pdf' }));

    const dialog = await screen.findByRole('dialog', { name: 'Download history: Records.pdf' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^05\/02\/2024.*Paula Legal.*203\.0\.113\.9.*Downloaded$/),
      expect.stringMatching(/^05\/01\/2024.*Sam Staff \(Direct Docs\).*Not shown.*Downloaded$/),
    ]);
    expect(calls.find((c) => c.path === '/api/home/request/21/')?.query.get('related')).toBe(
      'files__file_accesses__user',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Download history of Bills.pdf' }));
    expect(await screen.findByText('Nobody has downloaded this file yet.')).toBeInTheDocument();
  });

  it('offers no history where the server sends none (the caller may not see it)', async () => {
    stubApi(() => json(requestDetail({ files: [requestFile({ name: 'Records.pdf' })] })));
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: firmStaffUser() });
    await screen.findByText('Records.pdf');
    expect(screen.queryByRole('button', { name: /Download history/ })).toBeNull();
  });
});
