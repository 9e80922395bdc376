import { PROVIDER_LETTERS, type ProviderLetter } from '@dd/shared';
import { Button, Group } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';

const ITEMS: readonly (ProviderLetter | null)[] = [null, ...PROVIDER_LETTERS];

/** Where each key moves focus from `index` (a toolbar's arrow keys wrap around; Home and End jump). */
function nextIndex(key: string, index: number): number | null {
  const last = ITEMS.length - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index === last ? 0 : index + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return index === 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The provider picker's first-letter filter: All, 0-9 and A to Z as toggle buttons in one toolbar. The
 * toolbar is a single tab stop (roving tabindex): the arrow keys, Home and End move between the letters,
 * Enter or Space applies one.
 */
export function AlphabetFilter({
  value,
  onChange,
}: {
  value: ProviderLetter | null;
  onChange: (letter: ProviderLetter | null) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? ITEMS.indexOf(value);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextIndex(event.key, index);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <Group gap={4} role="toolbar" aria-label="Filter providers by first letter">
      {ITEMS.map((letter, index) => {
        const active = value === letter;
        return (
          <Button
            key={letter ?? 'all'}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            size="compact-xs"
            miw={28}
            variant={active ? 'filled' : 'default'}
            tabIndex={index === tabStop ? 0 : -1}
            aria-pressed={active}
            aria-label={letter === null ? 'All providers' : `Providers starting with ${letter}`}
            onFocus={() => setFocused(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => onChange(letter)}
          >
            {letter ?? 'All'}
          </Button>
        );
      })}
    </Group>
  );
}
