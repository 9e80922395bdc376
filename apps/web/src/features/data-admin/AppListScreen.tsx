import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading } from '../../ui';
import { adminKeys, listApps } from './api';

const SUMMARIES: Record<string, string> = {
  home: 'Companies, providers, clients, requests, notes, billings, request types and note templates.',
  users: 'Users and their roles.',
  modelWebsite: 'The public website’s pages.',
  custom: 'Models made with the model maker.',
};

/** /applist/: the apps whose data the administration reaches, each opening its models. */
export default function AppListScreen() {
  const apps = useQuery({ queryKey: adminKeys.apps, queryFn: ({ signal }) => listApps(signal) });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Apps</Title>
        <Text c="dimmed">Every kind of record the data administration can list, edit and import.</Text>
      </div>
      {apps.isPending && <Loading />}
      {apps.isError && <Alert color="red">{apps.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {apps.data?.map((app) => (
          <Card
            key={app.name}
            component={Link}
            to={`/models/${app.name}/`}
            withBorder
            radius="lg"
            padding="lg"
            aria-label={`${app.label}: ${app.models} models`}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconDatabase size={20} aria-hidden />
                <Title order={2} size="h4">
                  {app.label}
                </Title>
              </Group>
              <Badge variant="light">{app.models}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {SUMMARIES[app.name] ?? app.name}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
