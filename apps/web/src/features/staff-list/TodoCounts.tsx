import { Badge, Group, Text } from '@mantine/core';
import { useTodoSummary } from './api';

/**
 * What is due for the signed-in staff member: overdue, due today and how many of those are rush. Shown on
 * the staff home and above the To Do List, refreshed with every change to a request.
 */
export function TodoCounts() {
  const summary = useTodoSummary();
  if (!summary.data)
    return (
      <Text size="sm" c="dimmed">
        {summary.isError ? '' : 'Counting what is due…'}
      </Text>
    );
  const { overdue, due_today: dueToday, rush } = summary.data;
  if (overdue + dueToday === 0) return <Text size="sm">Nothing is due today.</Text>;
  return (
    <Group gap="xs" aria-label="Due for you" role="group">
      <Badge color="red" variant="light" size="lg" radius="sm">
        {overdue} overdue
      </Badge>
      <Badge color="blue" variant="light" size="lg" radius="sm">
        {dueToday} due today
      </Badge>
      {rush > 0 && (
        <Badge color="orange" variant="light" size="lg" radius="sm">
          {rush} rush
        </Badge>
      )}
    </Group>
  );
}
