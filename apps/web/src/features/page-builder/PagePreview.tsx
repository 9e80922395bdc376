import { WEBSITE_DRAFT_MSG, WEBSITE_MSG } from '@dd/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading } from '../../ui';
import { RenderSections } from '../website';
import { getPage, pageBuilderKeys } from './api';
import { PublishButton } from './publishing';

/**
 * /pagebuilder/{id}/preview/: the saved draft as a whole page, the way visitors will see it once it is
 * published, under a bar that says it is a preview and offers Publish.
 */
export function PagePreview({ id }: { id: number }) {
  const page = useQuery({
    queryKey: pageBuilderKeys.page(id),
    queryFn: ({ signal }) => getPage(id, signal),
    retry: false,
  });
  if (page.isPending) return <Loading />;
  if (page.isError)
    return (
      <Alert color="red" title={WEBSITE_MSG.loadFailed}>
        {page.error.message}{' '}
        <Anchor component={Link} to="/pages/">
          See All Pages
        </Anchor>
      </Alert>
    );
  const data = page.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-label="Preview bar">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={700}>
              Preview: {data.name}{' '}
              <Text span ff="monospace" c="dimmed" size="sm">
                {data.url}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {data.has_draft
                ? WEBSITE_DRAFT_MSG.previewBanner
                : 'There is no unpublished draft: this is the page visitors see.'}
            </Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to={`/pagebuilder/${id}/`} variant="default">
              Back to the builder
            </Button>
            <PublishButton page={data} />
          </Group>
        </Group>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        style={{ overflow: 'hidden' }}
        component="article"
        aria-label="Page preview"
      >
        {data.components.length === 0 ? (
          <Text ta="center" c="dimmed" py={80}>
            The page is empty.
          </Text>
        ) : (
          <RenderSections components={data.components} componentProps={data.componentProps} />
        )}
      </Paper>
    </Stack>
  );
}
