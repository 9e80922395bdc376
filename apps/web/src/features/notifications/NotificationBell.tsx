/**
 * The bell in the header: what others just did on the requests the user can see (notes and status
 * changes, from GET /api/notifications/), with the unread count on it. Opening it lists them newest first,
 * each linking to its request, and marks them read.
 */
import { formatDate, NOTIFICATION_UNREAD_CAP, NOTIFICATIONS_MSG, type Notification } from '@dd/shared';
import { ActionIcon, Anchor, Box, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../ui';
import { markNotificationsSeen, notificationKeys, useNotifications } from './api';

function unreadLabel(unread: number): string {
  return unread >= NOTIFICATION_UNREAD_CAP ? `${NOTIFICATION_UNREAD_CAP}+` : String(unread);
}

function Item({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  return (
    <Box
      component="li"
      px="sm"
      py={8}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      bg={n.unread ? 'var(--mantine-color-blue-0)' : undefined}
    >
      <Anchor component={Link} to={`/request/${n.request.id}/`} size="sm" fw={600} onClick={onOpen}>
        #{n.request.internal_number} · {n.client}
      </Anchor>
      {n.status_change && (
        <Text size="xs" fw={600} c="blue.8">
          Status: {n.status_change}
        </Text>
      )}
      <Text size="sm" lineClamp={3}>
        {n.text}
      </Text>
      <Text size="xs" c="dimmed">
        {n.by ?? 'Direct Docs'} · {formatDate(n.at)}{' '}
        {new Date(n.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}
      </Text>
    </Box>
  );
}

export function NotificationBell() {
  const notifications = useNotifications();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const unread = notifications.data?.unread ?? 0;

  async function open(next: boolean) {
    setOpened(next);
    if (!next || !unread) return;
    await markNotificationsSeen().catch(() => undefined);
    // The list keeps its highlights while open; the count on the bell goes.
    queryClient.setQueryData(notificationKeys.all, { ...notifications.data, unread: 0 });
  }

  return (
    <Popover opened={opened} onChange={open} width={360} position="bottom-end" shadow="md" withArrow>
      {/* The target is the button itself, so its aria-expanded sits on a button, not on the badge's box. */}
      <Indicator label={unreadLabel(unread)} size={18} disabled={!unread} color="red" offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread ? `Notifications, ${unreadLabel(unread)} unread` : 'Notifications'}
            onClick={() => void open(!opened)}
            // Opening leaves the focus on the bell, where the dropdown's own Escape handling never hears the key.
            onKeyDown={(event) => {
              if (event.key === 'Escape' && opened) void open(false);
            }}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-labelledby="notification-bell-title">
        <Text
          id="notification-bell-title"
          fw={700}
          px="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          Notifications
        </Text>
        {notifications.isPending ? (
          <Loading label="Loading notifications" />
        ) : notifications.isError ? (
          <Text c="red.8" size="sm" p="sm" role="alert">
            {notifications.error.message}
          </Text>
        ) : notifications.data.results.length ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {notifications.data.results.map((n) => (
                <Item key={n.id} n={n} onOpen={() => setOpened(false)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed" size="sm" p="sm">
            {NOTIFICATIONS_MSG.empty}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
