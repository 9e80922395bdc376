/** Today's reminders: an info banner per note whose reminder date is today, each with 'End Reminder'. */
import type { RequestNote } from '@dd/shared';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { EndReminderButton, localToday } from './parts';

export function ReminderBanner({ notes, onEnded }: { notes: readonly RequestNote[]; onEnded: () => void }) {
  const today = localToday();
  const due = notes.filter((note) => note.reminder_date === today);
  if (due.length === 0) return null;
  return (
    <Stack gap="xs">
      {due.map((note) => (
        <Alert
          key={note.id}
          color="blue"
          variant="light"
          icon={<IconBell size={20} />}
          title="Reminder for today"
          aria-label="Reminder for today"
        >
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
              {note.user && (
                <Text size="xs" c="dimmed">
                  Set by {note.user.full_name}
                </Text>
              )}
            </Stack>
            <EndReminderButton note={note} onEnded={onEnded} size="sm" variant="filled" />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
