/**
 * One endpoint's delivery log, newest first, a page at a time: the event, whether it arrived, the attempts,
 * the endpoint's last answer and response time, the last error and the next attempt, with 'Send again' on
 * a delivery that is not waiting to be sent.
 */
import {
  formatDate,
  formatTime,
  MSG,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MSG,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@dd/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../ui';
import { resendDelivery, useDeliveries, webhookKeys } from './api';

const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');
const STATUS_COLOR = { pending: 'blue', delivered: 'green', failed: 'red' } as const;

function SendAgain({ delivery, endpoint }: { delivery: WebhookDelivery; endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (delivery.status === 'pending') return null;
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      disabled={endpoint.disabled_at !== null}
      title={endpoint.disabled_at ? WEBHOOK_MSG.endpointDisabled : undefined}
      aria-label={`Send again ${delivery.message_id}`}
      onClick={async () => {
        setBusy(true);
        try {
          await resendDelivery(delivery.id);
          notifications.show({ color: 'green', message: WEBHOOK_MSG.resent });
          await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
        } catch (error) {
          notifications.show({
            color: 'red',
            message: error instanceof Error ? error.message : MSG.badRequest,
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      Send again
    </Button>
  );
}

export function DeliveriesPanel({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpoint.id, page, WEBHOOK_DELIVERIES_PAGE_SIZE);
  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      key: 'event',
      title: 'Event',
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {WEBHOOK_EVENT_LABELS[d.event].label}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {d.message_id}
          </Text>
        </Stack>
      ),
    },
    { key: 'created', title: 'Raised', render: (d) => when(d.created) },
    {
      key: 'status',
      title: 'Status',
      render: (d) => (
        <Badge color={STATUS_COLOR[d.status]} variant="light">
          {WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}
        </Badge>
      ),
    },
    { key: 'attempts', title: 'Attempts', align: 'right', render: (d) => d.attempts },
    {
      key: 'response',
      title: 'Response',
      render: (d) =>
        d.response_status === null
          ? '—'
          : `${d.response_status}${d.response_ms === null ? '' : ` in ${d.response_ms} ms`}`,
    },
    {
      key: 'last_error',
      title: 'Last error',
      render: (d) => (
        <Text size="xs" style={{ wordBreak: 'break-word' }} maw={260}>
          {d.last_error ?? '—'}
        </Text>
      ),
    },
    {
      key: 'next',
      title: 'Next attempt',
      render: (d) =>
        d.status === 'delivered' ? `Delivered ${when(d.delivered_at)}` : when(d.next_attempt_at),
    },
    { key: 'actions', title: 'Actions', render: (d) => <SendAgain delivery={d} endpoint={endpoint} /> },
  ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="webhook-deliveries-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id="webhook-deliveries-title">
            Deliveries
          </Title>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
        </Stack>
        <Button variant="default" size="xs" onClick={onClose}>
          Close
        </Button>
      </Group>
      {deliveries.isError && (
        <Alert color="red" mb="sm">
          {deliveries.error instanceof Error ? deliveries.error.message : MSG.badRequest}
        </Alert>
      )}
      <DataTable<WebhookDelivery>
        columns={columns}
        rows={deliveries.data?.results}
        loading={deliveries.isPending}
        objectName="Delivery"
        emptyText="No deliveries yet. Events appear here as they are sent."
        page={page}
        pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
        total={deliveries.data?.count}
        onPageChange={setPage}
        minWidth={900}
      />
    </Paper>
  );
}
