import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled read-only value on a detail card; empty values show a dash. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

interface PostalAddress {
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

/** Street lines, then 'City, ST 12345', one per line, skipping blanks. */
export function formatAddress(p: PostalAddress): string {
  return [
    p.address_1,
    p.address_2,
    [p.city, [p.state, p.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter((line) => line?.trim())
    .join('\n');
}
