import { MSG, type Provider } from '@dd/shared';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowMerge, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshData } from '../../api/data';
import { ConfirmDeleteButton } from '../../ui';
import { deleteProvider, mergeProvider, providerKeys, searchProviders } from './api';

/**
 * Staff-only removal of a provider: 'Merge Into Another Provider' (every request moves to the chosen
 * provider, then this one is deleted, in one server transaction) and Delete (refused while used).
 */
export function MergeProviderSection({ provider }: { provider: Provider }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  const [into, setInto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useQuery({
    queryKey: providerKeys.mergeOptions(name),
    queryFn: ({ signal }) => searchProviders({ name, limit: 50 }, signal),
    placeholderData: keepPreviousData,
  });
  const data = (options.data ?? [])
    .filter((p) => p.id !== provider.id)
    .map((p) => ({ value: String(p.id), label: p.name }));
  const chosen = data.find((o) => o.value === into);

  const merge = async () => {
    if (!into) {
      setError(MSG.noProviderChosen);
      throw new Error(MSG.noProviderChosen);
    }
    const result = await mergeProvider(provider.id, Number(into));
    await queryClient.invalidateQueries({ queryKey: providerKeys.all });
    // The merged provider's requests now name the other one: every list of requests refreshes.
    await refreshData(queryClient, 'requests');
    notifications.show({ color: 'green', message: `${result.success}: ${result.moved} request(s) moved.` });
    navigate('/providerList/');
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Merge Into Another Provider
        </Title>
        <Text size="sm" c="dimmed">
          Every request of {provider.name} moves to the provider you choose, then {provider.name} is deleted.
        </Text>
        <Select
          label="Provider to merge into"
          placeholder="Search providers"
          searchable
          clearable
          data={data}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          value={into}
          onChange={(value) => {
            setInto(value);
            setError(null);
          }}
          nothingFoundMessage="No Providers Found"
          error={error}
          maw={480}
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <ConfirmDeleteButton
            label="Merge"
            leftSection={<IconArrowMerge size={16} />}
            message={
              chosen &&
              `Move every request of ${provider.name} to ${chosen.label} and delete ${provider.name}?`
            }
            onConfirm={merge}
          >
            Merge Into Selected Provider
          </ConfirmDeleteButton>
        </div>
      </Stack>
    </Paper>
  );
}

export function DeleteProviderButton({ provider }: { provider: Provider }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteButton
      leftSection={<IconTrash size={16} />}
      message={`Delete ${provider.name} from the provider directory?`}
      onConfirm={async () => {
        await deleteProvider(provider.id);
        await queryClient.invalidateQueries({ queryKey: providerKeys.all });
        notifications.show({ color: 'green', message: `${provider.name} was deleted.` });
        navigate('/providerList/');
      }}
    >
      Delete Provider
    </ConfirmDeleteButton>
  );
}
