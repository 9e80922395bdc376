import { CONNECTION_MSG } from '@dd/shared';
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { updateWaiting } from './service-worker';

/** 'You are offline' while the browser has no connection, and the prompt to load a new version after a deploy. */
const online = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  get: () => navigator.onLine,
};

export function ConnectionNotice() {
  const isOnline = useSyncExternalStore(online.subscribe, online.get, () => true);
  const hasUpdate = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get, () => false);
  if (isOnline && !hasUpdate) return null;
  return (
    <Container size="xl" pt="sm">
      {!isOnline && (
        <Alert color="yellow" icon={<IconCloudOff size={18} />} role="status" mb="xs">
          {CONNECTION_MSG.offline}
        </Alert>
      )}
      {hasUpdate && (
        <Alert color="blue" icon={<IconRefresh size={18} />} role="status">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{CONNECTION_MSG.update}</Text>
            <Button size="compact-sm" onClick={updateWaiting.apply}>
              Reload
            </Button>
          </Group>
        </Alert>
      )}
    </Container>
  );
}
