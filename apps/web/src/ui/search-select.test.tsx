import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test';
import { type Choice, SearchSelect } from './search-select';

const providers: Choice[] = [
  { id: 1, label: 'Aurora Valley Hospital' },
  { id: 2, label: 'Arizona Behavioral Health' },
];

function Picker() {
  const [value, setValue] = useState<number | undefined>(1);
  return (
    <>
      <SearchSelect
        label="Provider"
        kind="test-providers"
        value={value}
        onChange={setValue}
        search={async (name) => providers.filter((p) => p.label.includes(name))}
        lookup={async (id) => providers.find((p) => p.id === id) as Choice}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('SearchSelect', () => {
  it('keeps the chosen option when it is picked again', async () => {
    renderWithProviders(<Picker />);
    const box = screen.getByRole('combobox', { name: 'Provider' });
    await waitFor(() => expect(box).toHaveProperty('value', 'Aurora Valley Hospital'));
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: 'Aurora Valley Hospital' }));
    expect(screen.getByRole('status').textContent).toBe('1');
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: 'Arizona Behavioral Health' }));
    expect(screen.getByRole('status').textContent).toBe('2');
  });
});
