/** Titled section card: the standard container for a block of a screen. */
import { Divider, Group, Card as MantineCard, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CardProps {
  title?: ReactNode;
  /** Buttons or links shown on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  /** Heading level of the title. @default 3 */
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  padding?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

export function Card({ title, actions, children, order = 3, padding = 'lg' }: CardProps) {
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <MantineCard withBorder radius="md" padding={padding} shadow="xs" component="section">
      {hasHeader && (
        <>
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            {title !== undefined && (
              <Title order={order} size="h4">
                {title}
              </Title>
            )}
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
          <Divider my="md" />
        </>
      )}
      <Stack gap="md">{children}</Stack>
    </MantineCard>
  );
}
