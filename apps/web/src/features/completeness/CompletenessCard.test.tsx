import { COMPLETENESS_MSG, type Completeness, completenessOf } from '@dd/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { CompletenessCard } from './CompletenessCard';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/home/request/21/completeness/';
const category = (request_type: number, name: string) => ({
  request_type,
  name,
  receipt: null,
  marked_at: null,
  marked_by: null,
});
const asked: Completeness = completenessOf([category(1, 'Medical Records'), category(2, 'Billing Records')]);

describe('the Records Received card', () => {
  it('lets staff mark what arrived, saves only the changes, then re-request what is still missing', async () => {
    let current = asked;
    const calls = stubApi((call) => {
      if (call.path === URL && call.method === 'GET') return json(current);
      if (call.path === URL && call.method === 'PUT') {
        current = completenessOf([
          {
            ...asked.categories[0],
            receipt: 'received',
            marked_at: '2026-11-20T15:00:00Z',
            marked_by: 'Sam Staff',
          },
          asked.categories[1],
        ]);
        return json({ success: COMPLETENESS_MSG.saved, completeness: current });
      }
      if (call.path === `${URL}re-request/`)
        return json({
          success: COMPLETENESS_MSG.reRequested('records@mercy.example'),
          completeness: current,
        });
      return undefined;
    });
    renderWithProviders(<CompletenessCard requestId={21} canMark />);
    expect(await screen.findByText('0 of 2 accounted for')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'What arrived of Medical Records' }),
      'received',
    );
    await user.click(screen.getByRole('button', { name: 'Save Records Received' }));
    expect(await screen.findByText(COMPLETENESS_MSG.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      categories: [{ request_type: 1, receipt: 'received' }],
    });
    expect(await screen.findByText('1 of 2 accounted for')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Re-request Missing' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The provider will be asked again for: Billing Records.');
    await user.click(within(dialog).getByRole('button', { name: 'Re-request Missing' }));
    expect(
      await screen.findByText(COMPLETENESS_MSG.reRequested('records@mercy.example')),
    ).toBeInTheDocument();
  });

  it('shows the firm each category read-only, and Complete once all are accounted for', async () => {
    stubApi((call) =>
      call.path === URL
        ? json(
            completenessOf([
              {
                ...asked.categories[0],
                receipt: 'received',
                marked_at: '2026-11-20T15:00:00Z',
                marked_by: 'Sam',
              },
              {
                ...asked.categories[1],
                receipt: 'none',
                marked_at: '2026-11-20T15:00:00Z',
                marked_by: 'Sam',
              },
            ]),
          )
        : undefined,
    );
    renderWithProviders(<CompletenessCard requestId={21} canMark={false} />);
    expect(await screen.findByText('Complete')).toBeInTheDocument();
    expect(screen.getByText('Certified no records')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
