import { checkSplits } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { SplitForm, SplitRequestScreen } from './SplitRequestScreen';

const TYPES = ['Medical Records', 'Billing Records', 'Radiology'];

const ORIGINAL = {
  id: 21,
  internal_number: '10021',
  request_type: TYPES.join(', '),
  request_types: TYPES,
  patient: { id: 3, full_name: 'Pat Client' },
  provider: { id: 11, name: 'Mercy Hospital' },
};

function api(splitAnswer: () => Response, original: () => Response = () => json(ORIGINAL)) {
  return stubApi((call) => {
    if (call.path === '/api/home/request/21/split/') return splitAnswer();
    if (call.path === '/api/home/provider/11/') return json({ id: 11, name: 'Mercy Hospital' });
    if (call.path === '/api/home/requesttype/') return json([{ id: 1, name: 'Dental' }]);
    if (call.path === '/api/home/request/21/') return original();
    return undefined;
  });
}

const form = () => (
  <SplitForm
    id={21}
    internalNumber="10021"
    clientName="Pat Client"
    providerId={11}
    providerName="Mercy Hospital"
    originalTypes={TYPES}
    allTypes={['Dental', ...TYPES]}
  />
);

afterEach(() => vi.unstubAllGlobals());

describe('split rules', () => {
  it('concatenates the messages in the spec order', () => {
    const check = checkSplits(TYPES, [
      { provider: null, request_types: [] },
      { provider: 4, request_types: ['Medical Records'] },
      { provider: null, request_types: ['Radiology'] },
    ]);
    expect(check).toEqual({
      error:
        'Your Split in Position 1 is missing a provider. Your Split in Position 1 has no request types. ' +
        'Your Split in Position 3 is missing a provider. Billing Records was not included in any of your splits.',
      canOverride: false,
    });
    expect(checkSplits(TYPES, [{ provider: 4, request_types: TYPES }])).toEqual({
      error: '',
      canOverride: true,
    });
  });
});

describe('SplitRequestScreen', () => {
  it('loads the request and offers its types first, then the other types', async () => {
    api(() => json({}));
    renderWithProviders(<SplitRequestScreen params={['21']} path="split_request/21" />, {
      path: '/split_request/21/',
    });
    expect(await screen.findByText('Request 10021 for Pat Client')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Split 1' });
    const labels = within(first)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label, .mantine-Checkbox-root')?.textContent);
    await waitFor(() => expect(within(first).getAllByRole('checkbox')).toHaveLength(4));
    expect(labels.slice(0, 3)).toEqual(TYPES);
    for (const type of TYPES) expect(within(first).getByRole('checkbox', { name: type })).toBeChecked();
  });

  it('shows a missing provider without Override, and overridable messages with it', async () => {
    const calls = api(() =>
      json(
        {
          count: 1,
          results: [{ id: 30, internal_number: '10021' }],
          message: 'You just split a request into 1 providers.',
        },
        201,
      ),
    );
    renderWithProviders(form(), { path: '/split_request/21/' });
    await userEvent.click(screen.getByRole('button', { name: 'Split Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your Split in Position 2 is missing a provider. Your Split in Position 2 has no request types.',
    );
    expect(within(alert).queryByRole('button', { name: 'Override' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Split 2' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Split 1' })).getByRole('checkbox', { name: 'Radiology' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Split Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Check the splitsRadiology was not included in any of your splits\.Override$/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Override' }));
    expect(await screen.findByText('You just split a request into 1 providers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard/');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      splits: [{ provider: 11, request_types: ['Medical Records', 'Billing Records'] }],
      override: true,
    });
  });

  it('keeps the result on screen once the split original is gone', async () => {
    let split = false;
    api(
      () => {
        split = true;
        return json({ count: 2, results: [], message: 'You just split a request into 2 providers.' }, 201);
      },
      () => (split ? json({ error: 'Not found.' }, 404) : json(ORIGINAL)),
    );
    renderWithProviders(<SplitRequestScreen params={['21']} path="split_request/21" />, {
      path: '/split_request/21/',
    });
    await screen.findByText('Request 10021 for Pat Client');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Split 2' }));
    const first = screen.getByRole('group', { name: 'Split 1' });
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Radiology' }));
    await userEvent.click(screen.getByRole('button', { name: 'Split Request' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Override' }));
    expect(await screen.findByText('You just split a request into 2 providers.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Request not found')).toBeNull();
    expect(screen.getByText('You just split a request into 2 providers.')).toBeInTheDocument();
  });

  it('offers Override when the server refuses with can_override', async () => {
    let answer = () =>
      json(
        { error: 'Radiology was not included in any of your splits.', details: { can_override: true } },
        400,
      );
    const calls = api(() => answer());
    renderWithProviders(form(), { path: '/split_request/21/' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Split 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Split Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Radiology was not included in any of your splits.');
    answer = () =>
      json(
        {
          count: 1,
          results: [{ id: 30, internal_number: '10021' }],
          message: 'You just split a request into 1 providers.',
        },
        201,
      );
    await userEvent.click(within(alert).getByRole('button', { name: 'Override' }));
    expect(await screen.findByText('You just split a request into 1 providers.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { override: boolean }).override),
    ).toEqual([false, true]);
  });
});
