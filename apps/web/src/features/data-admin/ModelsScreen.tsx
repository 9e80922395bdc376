import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, Loading, type ScreenProps } from '../../ui';
import { AdminCrumbs } from './AdminCrumbs';
import { adminKeys, listApps, listModels } from './api';

/** /models/{app}/: the app's models, each opening its records. */
export default function ModelsScreen({ params }: ScreenProps) {
  const app = params[0] ?? '';
  const apps = useQuery({ queryKey: adminKeys.apps, queryFn: ({ signal }) => listApps(signal) });
  const models = useQuery({
    queryKey: adminKeys.models(app),
    queryFn: ({ signal }) => listModels(app, signal),
  });
  const label = apps.data?.find((a) => a.name === app)?.label ?? app;
  return (
    <Stack gap="lg">
      <AdminCrumbs steps={[{ label }]} />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{label}</Title>
          <Text c="dimmed">Choose a model to see its records.</Text>
        </div>
        {app === 'custom' && (
          <Button component={Link} to="/modelmaker/" variant="default">
            Model Maker
          </Button>
        )}
      </Group>
      {models.isPending && <Loading />}
      {models.isError && <Alert color="red">{models.error.message}</Alert>}
      {models.data?.length === 0 && (
        <EmptyState
          objectName="Model"
          action={
            app === 'custom' ? (
              <Button component={Link} to="/modelmaker/">
                Make a model
              </Button>
            ) : undefined
          }
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {models.data?.map((m) => (
          <Card key={m.name} withBorder radius="lg" padding="lg" component="article" aria-label={m.label}>
            <Group justify="space-between" wrap="nowrap" mb="sm">
              <Title order={2} size="h4">
                {m.label}
              </Title>
              <Badge variant="light" color={m.writable ? 'green' : 'gray'}>
                {m.writable ? 'Editable' : 'Read only'}
              </Badge>
            </Group>
            <Group gap="xs">
              <Button component={Link} to={`/modelInstances/${app}/${m.name}/`} size="compact-sm">
                Records
              </Button>
              <Button
                component={Link}
                to={`/modelinstancestable/${app}/${m.name}/`}
                size="compact-sm"
                variant="subtle"
              >
                Table
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
