import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the sign-in screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" w="100%" maw={460}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
