/**
 * The kit's map and geocoder field: type an address, search, choose a result; the chosen place is
 * pinned (with a link that shows the pin on a map) and fills the surrounding form's address fields.
 * Shown only when the server has a geocoder (settings.geocoder); without one the address is typed in.
 */
import { GEO_MSG, type GeocodeResult, mapLink } from '@dd/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { get } from '../api/client';
import { useFormContext } from './form-context';

/** Which form fields a chosen place fills. */
const FILLS = ['address_1', 'city', 'state', 'zip_code'] as const;

export interface AddressSearchProps {
  /** Also keep the pin: the chosen place's latitude and longitude fill fields of those names. */
  keepPin?: boolean;
}

export function AddressSearch({ keepPin = false }: AddressSearchProps) {
  const form = useFormContext();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pin, setPin] = useState<GeocodeResult | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (query.trim().length < 3) return;
    setBusy(true);
    setFailure(null);
    try {
      setResults(await get<GeocodeResult[]>('/api/geocode/', { q: query.trim() }));
    } catch (error) {
      setResults(null);
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const choose = (place: GeocodeResult) => {
    setPin(place);
    setResults(null);
    for (const name of FILLS) if (place[name]) form?.setValue(name, place[name]);
    if (keepPin) {
      form?.setValue('latitude', place.lat);
      form?.setValue('longitude', place.lon);
    }
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Find the address"
          placeholder="Street, city or place name"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          leftSection={<IconSearch size={16} />}
          onClick={() => void search()}
          loading={busy}
        >
          Search
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {results?.length === 0 && (
        <Alert color="yellow" role="alert">
          {GEO_MSG.noResults}
        </Alert>
      )}
      {results && results.length > 0 && (
        <Paper withBorder radius="sm" p={4} role="list" aria-label="Addresses found">
          {results.map((place) => (
            <UnstyledButton
              key={`${place.lat},${place.lon}`}
              role="listitem"
              onClick={() => choose(place)}
              p="xs"
              display="block"
              w="100%"
            >
              <Text size="sm">{place.label}</Text>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {pin && (
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          <IconMapPin size={18} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="sm">
            Pinned at {pin.lat.toFixed(5)}, {pin.lon.toFixed(5)}.{' '}
            <Anchor href={mapLink(pin)} target="_blank" rel="noreferrer">
              Show on the map
            </Anchor>
          </Text>
        </Group>
      )}
    </Stack>
  );
}
