/**
 * /apiKeys/: a law firm administrator's API keys. Create one for a case-management system (a name and
 * its scopes), see it once, follow when each key was last used, and revoke one after a confirmation.
 * The server decides who may manage keys and what a key may call (decision 054).
 */
import {
  API_KEY_MSG,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
  type ApiKeyCreated,
  formatDate,
  formatTime,
  MSG,
} from '@dd/shared';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth';
import { ConfirmDeleteButton, DataTable, type DataTableColumn } from '../../ui';
import { apiKeyKeys, revokeApiKey, useApiKeys } from './api';
import { CreatedKey, NewApiKeyForm } from './NewApiKey';

const when = (iso: string | null, never = 'Never') => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : never);

export function ApiKeysScreen() {
  const { user } = useAuth();
  const allowed = Boolean(user?.is_staff && !user.is_internal);
  const keys = useApiKeys(allowed);
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
  if (!allowed) {
    return (
      <Alert color="yellow" maw={640} mx="auto">
        {API_KEY_MSG.firmsOnly}
      </Alert>
    );
  }

  const columns: DataTableColumn<ApiKey>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (key) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {key.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {key.hint}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      title: 'Scopes',
      render: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="light" size="sm">
              {API_KEY_SCOPE_LABELS[scope].label}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      title: 'Created',
      render: (key) => `${formatDate(key.created)} by ${key.created_by.full_name}`,
    },
    { key: 'last_used_at', title: 'Last used', render: (key) => when(key.last_used_at) },
    {
      key: 'actions',
      title: 'Status',
      render: (key) =>
        key.revoked_at ? (
          <Badge color="gray" variant="light">
            Revoked {formatDate(key.revoked_at)}
          </Badge>
        ) : (
          <ConfirmDeleteButton
            label="Revoke"
            size="xs"
            message={API_KEY_MSG.revokeConfirm(key.name)}
            onConfirm={async () => {
              await revokeApiKey(key.id);
              notifications.show({ color: 'green', message: API_KEY_MSG.revoked });
              await refresh();
            }}
          >
            Revoke
          </ConfirmDeleteButton>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>API Keys</Title>
        <Text c="dimmed">
          Keys let your case-management system order requests, follow them and download records for your firm,
          each within the scopes you choose. <Anchor href="/api/docs/">API reference</Anchor>
        </Text>
      </div>
      {created ? (
        <CreatedKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <NewApiKeyForm
          onCreated={(result) => {
            setCreated(result);
            void refresh();
          }}
        />
      )}
      {keys.isError && (
        <Alert color="red">{keys.error instanceof Error ? keys.error.message : MSG.badRequest}</Alert>
      )}
      <DataTable<ApiKey>
        columns={columns}
        rows={keys.data}
        loading={keys.isPending}
        objectName="API Key"
        emptyText="No API keys yet. Create one above for each system that connects to Direct Docs."
        minWidth={760}
      />
    </Stack>
  );
}
