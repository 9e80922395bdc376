/**
 * /webhooks/: a law firm administrator's webhook endpoints. Register one (its address and events), see its
 * signing secret once, disable, enable or delete it after a confirmation, and open its delivery log with
 * 'Send again'. The server decides who may manage webhooks and where they may point (decision 059).
 */
import {
  formatDate,
  MSG,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MSG,
  type WebhookCreated,
  type WebhookEndpoint,
} from '@dd/shared';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth';
import { ConfirmDeleteButton, DataTable, type DataTableColumn } from '../../ui';
import { deleteWebhook, setWebhookEnabled, useWebhooks, webhookKeys } from './api';
import { DeliveriesPanel } from './DeliveriesPanel';
import { CreatedSecret, NewWebhookForm } from './NewWebhook';

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.disabled_at)
    return (
      <Badge color="green" variant="light">
        Enabled
      </Badge>
    );
  const why =
    endpoint.disabled_reason === 'failures'
      ? WEBHOOK_MSG.disabledAfterFailures
      : WEBHOOK_MSG.disabledByPerson;
  return (
    <Stack gap={2}>
      <Badge color={endpoint.disabled_reason === 'failures' ? 'red' : 'gray'} variant="light">
        Disabled {formatDate(endpoint.disabled_at)}
      </Badge>
      <Text size="xs" c="dimmed">
        {why}
      </Text>
    </Stack>
  );
}

export function WebhooksScreen() {
  const { user } = useAuth();
  const allowed = Boolean(user?.is_staff && !user.is_internal);
  const endpoints = useWebhooks(allowed);
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  if (!allowed) {
    return (
      <Alert color="yellow" maw={640} mx="auto">
        {WEBHOOK_MSG.firmsOnly}
      </Alert>
    );
  }

  const toggle = async (endpoint: WebhookEndpoint) => {
    const enable = endpoint.disabled_at !== null;
    try {
      await setWebhookEnabled(endpoint.id, enable);
      notifications.show({ color: 'green', message: enable ? WEBHOOK_MSG.enabled : WEBHOOK_MSG.disabled });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : MSG.badRequest });
    }
    await refresh();
  };

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      title: 'Endpoint',
      render: (endpoint) => (
        <Stack gap={4}>
          <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Group gap={4}>
            {endpoint.events.map((event) => (
              <Badge key={event} variant="light" size="sm">
                {WEBHOOK_EVENT_LABELS[event].label}
              </Badge>
            ))}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'created',
      title: 'Added',
      render: (endpoint) =>
        endpoint.created_by
          ? `${formatDate(endpoint.created)} by ${endpoint.created_by.full_name}`
          : formatDate(endpoint.created),
    },
    { key: 'status', title: 'Status', render: (endpoint) => <StatusBadge endpoint={endpoint} /> },
    {
      key: 'actions',
      title: 'Actions',
      render: (endpoint) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant={openId === endpoint.id ? 'filled' : 'light'}
            aria-label={`Deliveries to ${endpoint.url}`}
            aria-pressed={openId === endpoint.id}
            onClick={() => setOpenId(openId === endpoint.id ? null : endpoint.id)}
          >
            Deliveries
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`${endpoint.disabled_at ? 'Enable' : 'Disable'} ${endpoint.url}`}
            onClick={() => toggle(endpoint)}
          >
            {endpoint.disabled_at ? 'Enable' : 'Disable'}
          </Button>
          <ConfirmDeleteButton
            size="xs"
            message={WEBHOOK_MSG.deleteConfirm(endpoint.url)}
            onConfirm={async () => {
              await deleteWebhook(endpoint.id);
              notifications.show({ color: 'green', message: WEBHOOK_MSG.deleted });
              if (openId === endpoint.id) setOpenId(null);
              await refresh();
            }}
          >
            Delete
          </ConfirmDeleteButton>
        </Group>
      ),
    },
  ];
  const open = endpoints.data?.find((endpoint) => endpoint.id === openId);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Webhooks</Title>
        <Text c="dimmed">
          Direct Docs tells your case-management system when requests are created, change status, need your
          answer or have their records ready, and when you are invoiced. Each delivery is signed with the
          endpoint's secret. <Anchor href="/api/docs/">API reference</Anchor>
        </Text>
      </div>
      {created ? (
        <CreatedSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <NewWebhookForm
          onCreated={(result) => {
            setCreated(result);
            void refresh();
          }}
        />
      )}
      {endpoints.isError && (
        <Alert color="red">
          {endpoints.error instanceof Error ? endpoints.error.message : MSG.badRequest}
        </Alert>
      )}
      <DataTable<WebhookEndpoint>
        columns={columns}
        rows={endpoints.data}
        loading={endpoints.isPending}
        objectName="Endpoint"
        emptyText="No webhook endpoints yet. Add one above to hear about your requests as they change."
        minWidth={760}
      />
      {open && <DeliveriesPanel key={open.id} endpoint={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
