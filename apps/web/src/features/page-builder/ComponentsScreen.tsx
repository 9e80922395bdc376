import { WEBSITE_COMPONENT_LABELS, WEBSITE_FIELDS } from '@dd/shared';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading } from '../../ui';
import { listComponents, pageBuilderKeys } from './api';

/** /components/: the 16 component types, how many pages use each, and a link to edit its defaults. */
export default function ComponentsScreen() {
  const components = useQuery({
    queryKey: pageBuilderKeys.components,
    queryFn: ({ signal }) => listComponents(signal),
  });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Components</Title>
          <Text c="dimmed">
            The building blocks of website pages. Defaults are what a newly added component starts with.
          </Text>
        </div>
        <Button component={Link} to="/pages/" variant="default">
          See All Pages
        </Button>
      </Group>
      {components.isPending && <Loading />}
      {components.isError && <Alert color="red">{components.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {components.data?.map((c) => (
          <Card
            key={c.id}
            withBorder
            radius="lg"
            padding="md"
            component="article"
            aria-label={WEBSITE_COMPONENT_LABELS[c.name].label}
          >
            <Stack gap={6}>
              <Title order={2} size="h5">
                {WEBSITE_COMPONENT_LABELS[c.name].label}
              </Title>
              <Text size="sm" c="dimmed">
                {WEBSITE_COMPONENT_LABELS[c.name].description}
              </Text>
              <Group gap={6}>
                <Badge variant="light">{WEBSITE_FIELDS[c.name].length} properties</Badge>
                <Badge variant="light" color="gray">
                  {c.pages === 1 ? 'on 1 page' : `on ${c.pages} pages`}
                </Badge>
              </Group>
              <Button
                component={Link}
                to={`/component/${c.id}/`}
                size="compact-sm"
                variant="light"
                mt={4}
                aria-label={`Edit ${WEBSITE_COMPONENT_LABELS[c.name].label}`}
              >
                Edit defaults
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
