import { PROVIDER_LETTERS, type ProviderLetter } from '@dd/shared';
import { Button, Group } from '@mantine/core';

/** The provider picker's first-letter filter: All, 0-9 and A to Z as toggle buttons. */
export function AlphabetFilter({
  value,
  onChange,
}: {
  value: ProviderLetter | null;
  onChange: (letter: ProviderLetter | null) => void;
}) {
  const item = (letter: ProviderLetter | null, text: string) => {
    const active = value === letter;
    return (
      <Button
        key={text}
        size="compact-xs"
        miw={28}
        variant={active ? 'filled' : 'default'}
        aria-pressed={active}
        aria-label={letter === null ? 'All providers' : `Providers starting with ${letter}`}
        onClick={() => onChange(letter)}
      >
        {text}
      </Button>
    );
  };
  return (
    <Group gap={4} role="toolbar" aria-label="Filter providers by first letter">
      {item(null, 'All')}
      {PROVIDER_LETTERS.map((letter) => item(letter, letter))}
    </Group>
  );
}
