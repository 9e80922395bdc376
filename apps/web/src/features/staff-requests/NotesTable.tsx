/** All notes of the request, newest first: who, what, when, the status change and the reminder. */
import { formatDate, formatTime, type RequestNote } from '@dd/shared';
import { Stack, Text } from '@mantine/core';
import { Card, DataTable } from '../../ui';
import { EndReminderButton, localToday } from './parts';

export function NotesTable({ notes, onChanged }: { notes: readonly RequestNote[]; onChanged: () => void }) {
  const today = localToday();
  return (
    <Card title="All Notes">
      <DataTable<RequestNote>
        rows={notes}
        objectName="Note"
        minWidth={760}
        columns={[
          {
            key: 'name',
            title: 'Name',
            width: 150,
            render: (n) => <Text size="sm">{n.user?.full_name || 'Direct Docs'}</Text>,
          },
          {
            key: 'text',
            title: 'Note',
            render: (n) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Text>
            ),
          },
          {
            key: 'created_at',
            title: 'Date',
            width: 110,
            render: (n) => (
              <Stack gap={0}>
                <Text size="sm">{formatDate(n.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {formatTime(n.created_at)}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'status',
            title: 'Status Change',
            width: 200,
            render: (n) =>
              n.update_status ? (
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {n.update_status}
                  </Text>
                  {n.previous_status && (
                    <Text size="xs" c="dimmed">
                      from {n.previous_status}
                    </Text>
                  )}
                </Stack>
              ) : null,
          },
          {
            key: 'reminder',
            title: 'Reminder',
            width: 150,
            render: (n) =>
              n.reminder_date ? (
                <Stack gap={4} align="flex-start">
                  <Text size="sm" c={n.reminder_date < today ? 'red.7' : undefined}>
                    {formatDate(n.reminder_date)}
                  </Text>
                  <EndReminderButton note={n} onEnded={onChanged} />
                </Stack>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
