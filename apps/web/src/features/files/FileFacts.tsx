/**
 * Under a file's name: its SHA-256 (chain of custody, so a firm can check a copy it holds), its Bates range
 * once delivered, and a warning when the same bytes are already on the request (decision 056).
 */
import { RECORDS_PACKAGE_MSG, type RequestFile } from '@dd/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';

export function FileFacts({ file, files }: { file: RequestFile; files: readonly RequestFile[] }) {
  const original = file.duplicate_of === null ? undefined : files.find((f) => f.id === file.duplicate_of);
  return (
    <Stack gap={2}>
      {file.bates_start && (
        <Text size="xs">
          Bates {file.bates_start}
          {file.bates_end !== file.bates_start && ` – ${file.bates_end}`}
        </Text>
      )}
      <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
        SHA-256: {file.sha256 ?? 'not computed yet'}
      </Text>
      {file.duplicate_of !== null && (
        <Group gap={4} wrap="nowrap">
          <Badge size="xs" color="orange" variant="light">
            Duplicate
          </Badge>
          <Text size="xs" c="orange.9">
            {RECORDS_PACKAGE_MSG.duplicate(original?.name ?? `file ${file.duplicate_of}`)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
