import type { ProviderLetter } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test';
import { AlphabetFilter } from './AlphabetFilter';

function Harness({ onChange }: { onChange: (letter: ProviderLetter | null) => void }) {
  const [letter, setLetter] = useState<ProviderLetter | null>(null);
  return (
    <>
      <button type="button">Before</button>
      <AlphabetFilter
        value={letter}
        onChange={(next) => {
          onChange(next);
          setLetter(next);
        }}
      />
      <button type="button">After</button>
    </>
  );
}

describe('AlphabetFilter', () => {
  it('is one tab stop: the arrow keys, Home and End move between letters, Enter applies one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Filter providers by first letter' });
    expect(toolbar.querySelectorAll('button')).toHaveLength(28);
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'All providers' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await user.tab({ shift: true });
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Providers starting with A' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('A');
    expect(screen.getByRole('button', { name: 'Providers starting with A' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Providers starting with Z' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'All providers' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Providers starting with Z' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown} ');
    expect(onChange).toHaveBeenLastCalledWith('0-9');

    // Leaving and coming back lands on the letter last used, still the only tab stop.
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Providers starting with 0-9' })).toHaveFocus();
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('starts the tab stop on the chosen letter', () => {
    renderWithProviders(<AlphabetFilter value="M" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Providers starting with M' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.getByRole('button', { name: 'All providers' })).toHaveAttribute('tabindex', '-1');
  });
});
