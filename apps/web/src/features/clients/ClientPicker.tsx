import { type Client, type ClientSummary, formatDate, MSG } from '@dd/shared';
import { Button, Group, Input, NavLink, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { EmptyState, Loading } from '../../ui';
import { clientKeys, listClients, useClient } from './api';
import { ClientFormModal } from './ClientFormModal';
import { HipaaMissing } from './HipaaMissing';

/**
 * Choose the firm's client for a request: a searchable list (server-side name filter), 'No Record
 * Found' when empty, 'Add New Client' (the modal, then the new client is selected) and Edit. Choosing or
 * changing the client replaces what had focus, so focus moves on to 'Change Client' (which describes the
 * chosen client) or back to the search box instead of dropping to the page body. A chosen client without
 * a HIPAA form on file says 'HIPAA authorization missing' (Edit uploads it).
 */
export interface ClientPickerProps {
  companyId: number;
  value: number | null;
  onChange: (client: ClientSummary | null) => void;
  label?: string;
}

type ModalState = { clientId?: number } | null;

export function ClientPicker({ companyId, value, onChange, label = 'Client' }: ClientPickerProps) {
  const labelId = useId();
  const chosenId = useId();
  const [modal, setModal] = useState<ModalState>(null);
  const focusAfterChange = useRef(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const choose = (client: ClientSummary | null) => {
    focusAfterChange.current = true;
    onChange(client);
  };
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    (value === null ? search : changeButton).current?.focus();
  }, [value]);
  const selected = useClient(value);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} required>
      <Stack gap="xs" mt={4} role="group" aria-labelledby={labelId}>
        {value === null ? (
          <ClientList companyId={companyId} searchRef={search} onPick={choose} onAdd={() => setModal({})} />
        ) : (
          <Paper withBorder radius="md" p="sm">
            {/* On a phone the buttons go under the name instead of pushing the card wider than the screen. */}
            <Group justify="space-between" gap="xs">
              <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
                <IconUser size={20} stroke={1.6} />
                {selected.data ? <ClientLine id={chosenId} client={selected.data} /> : <Loading />}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => setModal({ clientId: value })}
                >
                  Edit
                </Button>
                <Button
                  ref={changeButton}
                  variant="default"
                  size="xs"
                  aria-describedby={chosenId}
                  onClick={() => choose(null)}
                >
                  Change Client
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
      <ClientFormModal
        opened={modal !== null}
        onClose={() => setModal(null)}
        companyId={companyId}
        clientId={modal?.clientId}
        onSaved={(client) => (modal?.clientId ? onChange(client) : choose(client))}
      />
    </Input.Wrapper>
  );
}

function clientDetails(client: Client): string {
  return [
    client.date_of_birth && `DOB ${formatDate(client.date_of_birth)}`,
    client.custom_code && `Code ${client.custom_code}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function ClientLine({ id, client }: { id: string; client: Client }) {
  const details = clientDetails(client);
  return (
    <div id={id} style={{ minWidth: 0 }}>
      <Text fw={600} truncate>
        {client.last_name}, {client.first_name}
      </Text>
      {details && (
        <Text size="xs" c="dimmed" truncate>
          {details}
        </Text>
      )}
      <HipaaMissing hipaaUrl={client.hipaa_consent_url} />
    </div>
  );
}

function ClientList(props: {
  companyId: number;
  searchRef: Ref<HTMLInputElement>;
  onPick: (client: Client) => void;
  onAdd: () => void;
}) {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  const list = useQuery({
    queryKey: clientKeys.list(props.companyId, name),
    queryFn: ({ signal }) => listClients(props.companyId, name, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={props.searchRef}
          aria-label="Search clients"
          placeholder="Search clients by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={props.onAdd}>
          Add New Client
        </Button>
      </Group>
      <Paper withBorder radius="md">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <Text c="red" size="sm" p="sm" role="alert">
            {list.error.message}
          </Text>
        ) : list.data.length === 0 ? (
          <EmptyState text={MSG.noRecordFound} />
        ) : (
          <ScrollArea.Autosize mah={300} type="auto">
            <Stack component="ul" gap={0} p={4} m={0} style={{ listStyle: 'none' }} aria-label="Clients">
              {list.data.map((client) => (
                <li key={client.id}>
                  <NavLink
                    component="button"
                    label={`${client.last_name}, ${client.first_name}`}
                    description={clientDetails(client)}
                    leftSection={<IconUser size={16} stroke={1.6} />}
                    onClick={() => props.onPick(client)}
                  />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </>
  );
}
