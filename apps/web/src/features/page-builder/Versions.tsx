import { formatDate, WEBSITE_DRAFT_MSG } from '@dd/shared';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteButton } from '../../ui';
import { listVersions, pageBuilderKeys, restoreVersion } from './api';

/** A page's earlier published versions, newest first; Restore (after confirmation) makes one the draft. */
export function Versions({
  pageId,
  onRestored,
}: {
  pageId: number;
  onRestored: (page: Awaited<ReturnType<typeof restoreVersion>>) => void;
}) {
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: pageBuilderKeys.versions(pageId),
    queryFn: ({ signal }) => listVersions(pageId, signal),
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="builder-versions">
      <Title order={2} size="h5" id="builder-versions" mb="sm">
        Earlier versions
      </Title>
      {versions.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Each publish keeps the version it replaces here.
        </Text>
      )}
      <Stack gap={6}>
        {versions.data?.slice(0, 20).map((v) => (
          <Group key={v.id} justify="space-between" wrap="nowrap" gap="xs">
            {/* The text takes what is left, so the Restore button keeps its width on a phone. */}
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {formatDate(v.saved_at)}{' '}
                {new Date(v.saved_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}
              </Text>
              <Text size="xs" c="dimmed">
                {v.name} · {v.components} components{v.saved_by ? ` · replaced by ${v.saved_by}` : ''}
              </Text>
            </div>
            <ConfirmDeleteButton
              label="Restore"
              color="brand"
              size="compact-sm"
              message={WEBSITE_DRAFT_MSG.confirmRestore}
              onConfirm={async () => {
                const page = await restoreVersion(pageId, v.id);
                queryClient.setQueryData(pageBuilderKeys.page(pageId), page);
                await queryClient.invalidateQueries({ queryKey: pageBuilderKeys.versions(pageId) });
                void queryClient.invalidateQueries({ queryKey: pageBuilderKeys.pages });
                onRestored(page);
                notifications.show({ color: 'green', message: WEBSITE_DRAFT_MSG.restoredToDraft });
              }}
            >
              Restore
            </ConfirmDeleteButton>
          </Group>
        ))}
      </Stack>
      {versions.data && versions.data.length > 0 && (
        <Badge mt="sm" variant="light" color="gray">
          {versions.data.length} kept
        </Badge>
      )}
    </Paper>
  );
}
