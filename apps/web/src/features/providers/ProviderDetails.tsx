import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { EmptyState, Loading } from '../../ui';
import { getProvider, providerKeys } from './api';

/** Read-only provider for users who may not edit the shared directory (law firms, internal non-staff). */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-line' }}>{children || '—'}</Text>
    </div>
  );
}

export function ProviderDetails({ id }: { id: number }) {
  const query = useQuery({
    queryKey: providerKeys.one(id),
    queryFn: ({ signal }) => getProvider(id, signal),
  });
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState text="No provider found here." />
    ) : (
      <Alert color="red">{query.error.message}</Alert>
    );
  }
  if (!query.data) return <Loading />;
  const p = query.data;
  const cityLine = [p.city, [p.state, p.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {p.name}
          </Title>
          <Badge variant="light" color={p.medical_request_url ? 'green' : 'gray'}>
            {p.medical_request_url ? 'Request form on file' : 'No request form on file'}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Item label="Email">{p.email}</Item>
          <Item label="Phone">{p.phone}</Item>
          <Item label="Fax">{p.fax}</Item>
        </SimpleGrid>
        <Item label="Address">{[p.address_1, p.address_2, cityLine].filter(Boolean).join('\n')}</Item>
        {p.notes && <Item label="Notes">{p.notes}</Item>}
        <Text size="sm" c="dimmed">
          The provider directory is shared by every law firm, so only Direct Docs staff can change it. To
          correct a detail, add a note to your request.
        </Text>
      </Stack>
    </Paper>
  );
}
