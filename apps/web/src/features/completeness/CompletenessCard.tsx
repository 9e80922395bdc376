/**
 * The Records Received card of a request: each record category the firm asked for and what arrived of it
 * (received, partly received, certified no records, or not yet). The request is complete when every
 * category is received or certified none. Internal staff mark each one and re-request the missing ones
 * from the provider with one click (confirmed first); the firm's users read it only.
 */
import {
  type Completeness,
  formatDate,
  isAccountedFor,
  RECORD_RECEIPT_LABELS,
  RECORD_RECEIPTS,
  type RecordCategory,
  type RecordReceipt,
} from '@dd/shared';
import { Alert, Badge, Button, Group, NativeSelect, Progress, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card, ConfirmDeleteButton, Loading } from '../../ui';
import { markCompleteness, reRequestMissing, useCompleteness } from './api';

const RECEIPT_COLORS = { received: 'teal', partial: 'yellow', none: 'gray' } as const satisfies Record<
  RecordReceipt,
  string
>;

const NOT_MARKED = '';

export function CompletenessCard({ requestId, canMark }: { requestId: number; canMark: boolean }) {
  const completeness = useCompleteness(requestId);
  const data = completeness.data;
  if (completeness.isPending)
    return (
      <Card title="Records Received">
        <Loading label="Loading records received" />
      </Card>
    );
  if (completeness.isError)
    return (
      <Card title="Records Received">
        <Alert color="red" role="alert">
          {completeness.error.message}
        </Alert>
      </Card>
    );
  if (!data?.total) return null;
  return (
    <Card title="Records Received" actions={<Summary completeness={data} />}>
      {canMark ? (
        <StaffMarks requestId={requestId} completeness={data} />
      ) : (
        <CategoryTable
          categories={data.categories}
          caption="Record categories asked for and what arrived"
          received={(c) => <ReceiptBadge receipt={c.receipt} />}
        />
      )}
    </Card>
  );
}

function Summary({ completeness }: { completeness: Completeness }) {
  return completeness.complete ? (
    <Badge color="teal" variant="light" radius="sm">
      Complete
    </Badge>
  ) : (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={(completeness.accounted / completeness.total) * 100}
        w={80}
        color="yellow"
        aria-label="Record categories accounted for"
      />
      <Text size="sm" c="dimmed">
        {completeness.accounted} of {completeness.total} accounted for
      </Text>
    </Group>
  );
}

function ReceiptBadge({ receipt }: { receipt: RecordReceipt | null }) {
  if (!receipt)
    return (
      <Text size="sm" c="dimmed">
        Not yet received
      </Text>
    );
  return (
    <Badge
      color={RECEIPT_COLORS[receipt]}
      variant="light"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
    >
      {RECORD_RECEIPT_LABELS[receipt]}
    </Badge>
  );
}

function marked(c: RecordCategory): string {
  if (!c.marked_at) return '';
  return c.marked_by ? `${formatDate(c.marked_at)} by ${c.marked_by}` : formatDate(c.marked_at);
}

/** The categories with what arrived of each: a badge for the firm, a select for staff (`received`). */
function CategoryTable({
  categories,
  caption,
  received,
}: {
  categories: RecordCategory[];
  caption: string;
  received: (c: RecordCategory) => React.ReactNode;
}) {
  return (
    <Table verticalSpacing="xs" striped>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Category</Table.Th>
          <Table.Th scope="col">Received</Table.Th>
          <Table.Th scope="col">Marked</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {categories.map((c) => (
          <Table.Tr key={c.request_type}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>{received(c)}</Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {marked(c)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const RECEIPT_OPTIONS = [
  { value: NOT_MARKED, label: 'Not yet received' },
  ...RECORD_RECEIPTS.map((r) => ({ value: r, label: RECORD_RECEIPT_LABELS[r] })),
];

function StaffMarks({ requestId, completeness }: { requestId: number; completeness: Completeness }) {
  const queryClient = useQueryClient();
  const saved = Object.fromEntries(
    completeness.categories.map((c) => [c.request_type, c.receipt ?? NOT_MARKED]),
  );
  const [choices, setChoices] = useState<Record<number, string>>(saved);
  const [saving, setSaving] = useState(false);
  const changed = completeness.categories.filter(
    (c) => (choices[c.request_type] ?? NOT_MARKED) !== saved[c.request_type],
  );
  const missing = completeness.categories.filter((c) => !isAccountedFor(c.receipt));

  async function save() {
    setSaving(true);
    try {
      const result = await markCompleteness(requestId, {
        categories: changed.map((c) => ({
          request_type: c.request_type,
          receipt: (choices[c.request_type] || null) as RecordReceipt | null,
        })),
      });
      notifications.show({ color: 'green', message: result.success });
      await refreshData(queryClient, 'requests');
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }

  async function reRequest() {
    const result = await reRequestMissing(requestId);
    notifications.show({ color: 'green', message: result.success });
    await refreshData(queryClient, 'requests');
  }

  return (
    <Stack gap="sm">
      <CategoryTable
        categories={completeness.categories}
        caption="Mark what arrived of each category the firm asked for"
        received={(c) => (
          <NativeSelect
            size="xs"
            aria-label={`What arrived of ${c.name}`}
            data={RECEIPT_OPTIONS}
            value={choices[c.request_type] ?? NOT_MARKED}
            onChange={(e) => {
              // Read now: React clears the event's currentTarget before a state updater runs.
              const value = e.currentTarget.value;
              setChoices((all) => ({ ...all, [c.request_type]: value }));
            }}
          />
        )}
      />
      <Group gap="xs">
        <Button
          size="sm"
          leftSection={<IconDeviceFloppy size={18} />}
          onClick={save}
          loading={saving}
          disabled={!changed.length}
        >
          Save Records Received
        </Button>
        {missing.length > 0 && (
          <ConfirmDeleteButton
            color="blue"
            leftSection={<IconMailForward size={18} />}
            label="Re-request Missing"
            message={`The provider will be asked again for: ${missing.map((m) => m.name).join(', ')}.`}
            onConfirm={reRequest}
            disabled={saving || changed.length > 0}
          />
        )}
      </Group>
    </Stack>
  );
}
