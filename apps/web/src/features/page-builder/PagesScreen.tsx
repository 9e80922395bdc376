import { formatDate } from '@dd/shared';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, Loading } from '../../ui';
import { listPages, pageBuilderKeys } from './api';

/**
 * /pages/ (and pagelist): every website page as a card with its name, url, whether it is published or has
 * a draft waiting, and Edit, plus Add New Page.
 */
export default function PagesScreen() {
  const pages = useQuery({ queryKey: pageBuilderKeys.pages, queryFn: ({ signal }) => listPages(signal) });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Pages</Title>
          <Text c="dimmed">The public website, page by page. Visitors see a page at its url.</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/components/" variant="default">
            Components
          </Button>
          <Button component={Link} to="/pagebuilder/" leftSection={<IconPlus size={16} />}>
            Add New Page
          </Button>
        </Group>
      </Group>
      {pages.isPending && <Loading />}
      {pages.isError && <Alert color="red">{pages.error.message}</Alert>}
      {pages.data?.length === 0 && <EmptyState objectName="Page" />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {pages.data?.map((page) => (
          <Card key={page.id} withBorder radius="lg" padding="lg" component="article" aria-label={page.name}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Title order={2} size="h4">
                  {page.name}
                </Title>
                <Badge variant="light" color="gray">
                  {page.components.length} {page.components.length === 1 ? 'component' : 'components'}
                </Badge>
              </Group>
              <Text size="sm" ff="monospace" c="brand.8">
                {page.url}
              </Text>
              <Group gap={6}>
                {page.published_at ? (
                  <Badge color="green" variant="light" size="sm">
                    Published {formatDate(page.published_at)}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light" size="sm">
                    Not published
                  </Badge>
                )}
                {page.has_draft && (
                  <Badge color="orange" variant="light" size="sm">
                    Draft waiting
                  </Badge>
                )}
              </Group>
              <Group gap="xs" mt="xs">
                <Button
                  component={Link}
                  to={`/pagebuilder/${page.id}/`}
                  size="compact-sm"
                  leftSection={<IconEdit size={14} />}
                  aria-label={`Edit ${page.name}`}
                >
                  Edit
                </Button>
                {page.published_url && (
                  <Button
                    component={Link}
                    to={page.published_url}
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`View ${page.name}`}
                  >
                    View
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
