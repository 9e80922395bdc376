import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { Frame } from './frames';

/** The heading and purpose of a screen whose working parts are not available yet. */
export function FrameScreen({ frame }: { frame: Frame }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{frame.title}</Title>
        <Text c="dimmed">{frame.summary}</Text>
      </div>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={26} />
          </ThemeIcon>
          <Text fw={600}>This part of Direct Docs is not available yet.</Text>
          <Text c="dimmed" size="sm" ta="center" maw={480}>
            Your data is safe. Contact Direct Docs support if you need this today.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
