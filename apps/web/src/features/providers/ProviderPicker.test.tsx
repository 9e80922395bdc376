import { INVALID_EMAIL_MESSAGE, providerExistsMessage } from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, provider, renderWithProviders, stubApi } from '../../test';
import { ProviderPicker } from './ProviderPicker';

const many = Array.from({ length: 12 }, (_, i) =>
  provider(i + 1, `Clinic ${String(i + 1).padStart(2, '0')}`),
);
const bees = [provider(20, 'Birch Hospital'), provider(21, 'Bay Medical')];

/** Answers the provider list by the alphabet filter and search like the server would. */
function providerApi(extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    const hit = extra?.(call);
    if (hit) return hit;
    if (call.method === 'GET' && call.path === '/api/home/provider/') {
      const ids = call.query.get('id__in');
      if (ids) return json([...many, ...bees].filter((p) => ids.split(',').includes(String(p.id))));
      const letter = call.query.get('starts_with');
      const name = call.query.get('name')?.toLowerCase();
      let rows = letter === 'B' ? bees : letter ? [] : [...many, ...bees];
      if (name) rows = rows.filter((p) => p.name.toLowerCase().includes(name));
      return json(rows);
    }
    return undefined;
  });
}

function Harness({ initial = [] as number[], onChange = vi.fn() }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <ProviderPicker
      value={value}
      onChange={(ids) => {
        onChange(ids);
        setValue(ids);
      }}
    />
  );
}

// Modals and many rows render slowly on a busy machine; a timed-out test would keep acting on the next.
describe('ProviderPicker', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('filters by first letter and offers Add New Provider only under 10 matches', async () => {
    const calls = providerApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('checkbox', { name: 'Clinic 01' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Add New Provider' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Providers starting with B' }));
    expect(await screen.findByRole('checkbox', { name: 'Birch Hospital' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Providers starting with B' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Add New Provider' })).toBeInTheDocument();
    expect(calls.some((c) => c.query.get('starts_with') === 'B' && c.query.get('order_by') === 'name')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Providers starting with 0-9' }));
    expect(await screen.findByText('No Providers Found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All providers' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Add New Provider' })).not.toBeInTheDocument();
  });

  it('ticks providers into removable chips', async () => {
    providerApi();
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={[21]} onChange={onChange} />);
    const chips = await screen.findByLabelText('Selected providers');
    expect(await within(chips).findByText('Bay Medical')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Clinic 02' }));
    expect(onChange).toHaveBeenLastCalledWith([21, 2]);
    await user.click(screen.getByRole('button', { name: 'Remove Bay Medical' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('checkbox', { name: 'Clinic 02' })).toBeChecked();
  });

  it('adds a new provider from the search, or assigns the existing one on a duplicate name', async () => {
    let attempt = 0;
    const calls = providerApi((call) => {
      if (call.method !== 'POST' || call.path !== '/api/home/provider/') return undefined;
      attempt += 1;
      if (attempt === 1) {
        return json(
          {
            error: providerExistsMessage('Birch Hospital'),
            details: { provider: { id: 20, name: 'Birch Hospital' } },
          },
          409,
        );
      }
      return json(provider(30, 'Brand New Clinic'));
    });
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Search providers' }), 'birch hospital');
    await user.click(await screen.findByRole('button', { name: 'Add New Provider' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('birch hospital');
    await user.click(within(dialog).getByRole('button', { name: 'Save Provider' }));
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(providerExistsMessage('Birch Hospital'));
    await user.click(within(notice).getByRole('button', { name: 'Assign Provider: Birch Hospital' }));
    expect(onChange).toHaveBeenLastCalledWith([20]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add New Provider' }));
    const second = await screen.findByRole('dialog');
    const name = within(second).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Brand New Clinic');
    await user.click(within(second).getByRole('button', { name: 'Save Provider' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([20, 30]));
    expect(
      within(screen.getByLabelText('Selected providers')).getByText('Brand New Clinic'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ name: 'Brand New Clinic' });
  });

  it('refuses a new provider e-mail that hides a BCC before sending anything', async () => {
    const calls = providerApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Search providers' }), 'trap clinic');
    await user.click(await screen.findByRole('button', { name: 'Add New Provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      'records@hospital.example?bcc=attacker%40evil.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Provider' }));
    expect(await within(dialog).findByText(INVALID_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
