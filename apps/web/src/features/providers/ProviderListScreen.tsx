import { PROVIDER_PAGE_SIZES, type ProviderListItem } from '@dd/shared';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../ui';
import { pageProviders, providerKeys } from './api';

/** /providerList/ (internal company): providers with a name filter, what each has on file, and Edit. */
function YesNo({ value }: { value: boolean }) {
  return value ? (
    <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="Yes" role="img" />
  ) : (
    <IconX size={18} color="var(--mantine-color-gray-5)" aria-label="No" role="img" />
  );
}

export default function ProviderListScreen() {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PROVIDER_PAGE_SIZES[0]);
  const query = useQuery({
    queryKey: providerKeys.page(name, page, pageSize),
    queryFn: ({ signal }) => pageProviders(name, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Provider List</Title>
          <Text c="dimmed">The provider directory shared by every law firm.</Text>
        </div>
        <Button component={Link} to="/editProvider/" leftSection={<IconPlus size={16} />}>
          Add Provider
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="Filter by provider name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          {query.isError && (
            <Text c="red" role="alert">
              {query.error.message}
            </Text>
          )}
          <DataTable<ProviderListItem>
            objectName="Provider"
            rows={query.data?.results}
            loading={query.isPending}
            columns={[
              { key: 'name', title: 'Name' },
              {
                key: 'has_email',
                title: 'Has Email',
                render: (r) => <YesNo value={r.has_email} />,
                width: 120,
              },
              {
                key: 'has_phone_number',
                title: 'Has Phone Number',
                render: (r) => <YesNo value={r.has_phone_number} />,
                width: 160,
              },
              { key: 'has_form', title: 'Has Form', render: (r) => <YesNo value={r.has_form} />, width: 110 },
              {
                key: 'edit',
                title: 'Edit',
                width: 90,
                render: (r) => (
                  <Anchor component={Link} to={`/editProvider/${r.id}/`} aria-label={`Edit ${r.name}`}>
                    Edit
                  </Anchor>
                ),
              },
            ]}
            page={page}
            pageSize={pageSize}
            total={query.data?.count}
            onPageChange={setPage}
            pageSizes={PROVIDER_PAGE_SIZES}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
