import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ScreenHeading({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
      {actions}
    </Stack>
  );
}

/** '{what} not found' with a way back to the dashboard. */
export function NotFoundState({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileSearch size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {what} not found
        </Title>
        <Text c="dimmed">
          It may have been deleted, or it belongs to an account you cannot see. Check the address or go back
          to your dashboard.
        </Text>
        {children}
        <Button component={Link} to="/dashboard/" variant={children ? 'default' : 'filled'}>
          Go Back To Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
