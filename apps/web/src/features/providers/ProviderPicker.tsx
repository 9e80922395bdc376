import { PROVIDER_ADD_THRESHOLD, type Provider, type ProviderLetter } from '@dd/shared';
import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Input,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { EmptyState, Loading } from '../../ui';
import { AlphabetFilter } from './AlphabetFilter';
import { type ProviderSummary, providerKeys, providersByIds, searchProviders } from './api';
import { ProviderFormModal } from './ProviderFormModal';

/**
 * Choose one or more providers for a request: alphabet filter (0-9, A-Z, All), a name search, a
 * scrollable checkbox list, the chosen providers as removable chips, and an 'Add New Provider' row
 * when fewer than 10 providers match.
 */
export interface ProviderPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Providers already known to the caller (e.g. an edited request's), so their chips have names at once. */
  selectedProviders?: ProviderSummary[];
  label?: string;
}

export function ProviderPicker({
  value,
  onChange,
  selectedProviders,
  label = 'Providers',
}: ProviderPickerProps) {
  const labelId = useId();
  const [letter, setLetter] = useState<ProviderLetter | null>(null);
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<ProviderSummary[]>([]);

  const list = useQuery({
    queryKey: providerKeys.search(letter, name),
    queryFn: ({ signal }) => searchProviders({ name, letter }, signal),
    placeholderData: keepPreviousData,
  });

  const known = useMemo(() => {
    const map = new Map<number, ProviderSummary>();
    for (const p of [...(selectedProviders ?? []), ...(list.data ?? []), ...added]) map.set(p.id, p);
    return map;
  }, [selectedProviders, list.data, added]);
  // Chosen ids without a name yet (e.g. passed in without selectedProviders) are looked up in one call.
  const unknownIds = value.filter((id) => !known.has(id));
  const lookup = useQuery({
    queryKey: providerKeys.ids(unknownIds),
    queryFn: ({ signal }) => providersByIds(unknownIds, signal),
    enabled: unknownIds.length > 0,
  });
  const nameOf = (id: number) => known.get(id)?.name ?? lookup.data?.find((p) => p.id === id)?.name;

  const toggle = (id: number, on: boolean) =>
    onChange(on ? (value.includes(id) ? value : [...value, id]) : value.filter((v) => v !== id));
  const pick = (provider: ProviderSummary) => {
    setAdded((prev) => [...prev.filter((p) => p.id !== provider.id), provider]);
    toggle(provider.id, true);
  };

  const rows: Provider[] = list.data ?? [];
  const fewMatches = !list.isPending && !list.isError && rows.length < PROVIDER_ADD_THRESHOLD;

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} required>
      <Stack gap="sm" mt={4} role="group" aria-labelledby={labelId}>
        {value.length > 0 && (
          // Own chips: Mantine's Pill remove button is hidden from keyboards and screen readers.
          <Group gap={6} aria-label="Selected providers" role="group">
            {value.map((id) => (
              <Badge
                key={id}
                size="lg"
                variant="light"
                radius="xl"
                tt="none"
                fw={500}
                pr={4}
                rightSection={
                  <CloseButton
                    size="xs"
                    radius="xl"
                    aria-label={`Remove ${nameOf(id) ?? 'provider'}`}
                    onClick={() => toggle(id, false)}
                  />
                }
              >
                {nameOf(id) ?? '…'}
              </Badge>
            ))}
          </Group>
        )}
        <AlphabetFilter value={letter} onChange={setLetter} />
        <TextInput
          aria-label="Search providers"
          placeholder="Search providers by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Paper withBorder radius="md">
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <Text c="red" size="sm" p="sm" role="alert">
              {list.error.message}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={400} type="auto">
              {rows.length === 0 && <EmptyState objectName="Provider" />}
              <Stack gap={0} p="xs" aria-label="Providers" role="group">
                {rows.map((provider) => (
                  <Checkbox
                    key={provider.id}
                    py={6}
                    px="xs"
                    label={provider.name}
                    description={[provider.city, provider.state].filter(Boolean).join(', ') || undefined}
                    checked={value.includes(provider.id)}
                    onChange={(event) => toggle(provider.id, event.currentTarget.checked)}
                  />
                ))}
                {fewMatches && (
                  <Group px="xs" py={6}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => setAdding(true)}
                    >
                      Add New Provider
                    </Button>
                  </Group>
                )}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Paper>
      </Stack>
      <ProviderFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        initialName={search}
        onSaved={pick}
      />
    </Input.Wrapper>
  );
}
