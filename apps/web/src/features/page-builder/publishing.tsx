import { formatDate, WEBSITE_DRAFT_MSG, type WebsiteEditorPage } from '@dd/shared';
import { Badge, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteButton } from '../../ui';
import { websiteKeys } from '../website';
import { pageBuilderKeys, publishPage } from './api';

/** Where the page stands: live or not, a saved draft waiting, changes not saved yet. */
export function PublishState({ page, dirty }: { page: WebsiteEditorPage | undefined; dirty: boolean }) {
  const when = (iso: string) =>
    `${formatDate(iso)} ${new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
  return (
    <Group gap="xs" mt={6} id="builder-state" aria-live="polite">
      {page?.published_at ? (
        <Badge color="green" variant="light">
          Published {when(page.published_at)}
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          Not published
        </Badge>
      )}
      {page?.has_draft && page.draft_saved_at && (
        <Badge color="orange" variant="light">
          Draft saved {when(page.draft_saved_at)}, not published
        </Badge>
      )}
      {dirty && (
        <Text size="sm" c="dimmed">
          {WEBSITE_DRAFT_MSG.unsavedBeforePublish}
        </Text>
      )}
    </Group>
  );
}

/** Publish, after confirmation: the saved draft goes live and the page is loaded as published. */
export function PublishButton({
  page,
  disabled,
  onPublished,
  size,
}: {
  page: WebsiteEditorPage;
  disabled?: boolean;
  onPublished?: (page: WebsiteEditorPage) => void;
  size?: 'sm' | 'md';
}) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteButton
      label="Publish"
      color="brand"
      variant="filled"
      size={size}
      disabled={disabled || !page.has_draft}
      message={WEBSITE_DRAFT_MSG.confirmPublish}
      onConfirm={async () => {
        const published = await publishPage(page.id);
        queryClient.setQueryData(pageBuilderKeys.page(page.id), published);
        void queryClient.invalidateQueries({ queryKey: pageBuilderKeys.pages });
        void queryClient.invalidateQueries({ queryKey: pageBuilderKeys.versions(page.id) });
        void queryClient.invalidateQueries({ queryKey: websiteKeys.all });
        onPublished?.(published);
        notifications.show({ color: 'green', message: WEBSITE_DRAFT_MSG.published });
      }}
    >
      Publish
    </ConfirmDeleteButton>
  );
}
