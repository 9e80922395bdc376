import { CONNECTION_MSG } from '@dd/shared';
import { Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import classes from './ConnectionNotice.module.css';
import { updateWaiting } from './service-worker';

/**
 * 'You are offline' while the browser has no connection, and the prompt to load a new version after a
 * deploy. Built from what the first load already has (no Alert, no icons): it sits on every page.
 */
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
        <Text role="status" size="sm" className={classes.notice} data-kind="offline">
          {CONNECTION_MSG.offline}
        </Text>
      )}
      {hasUpdate && (
        <Group role="status" className={classes.notice} data-kind="update" justify="space-between" gap="xs">
          <Text size="sm">{CONNECTION_MSG.update}</Text>
          <UnstyledButton className={classes.reload} onClick={updateWaiting.apply}>
            Reload
          </UnstyledButton>
        </Group>
      )}
    </Container>
  );
}
