/**
 * How far a request's received PDFs are searchable: 'Indexing 3 of 5 files' while the job queue reads
 * them (asked again every few seconds), then 'Searchable', with a way into the records search.
 */
import { RECORDS_SEARCH_MSG, recordsIndexLabel } from '@dd/shared';
import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRecordsIndexStatus } from './api';

export function RecordsIndexStatus({ requestId, fileCount }: { requestId: number; fileCount: number }) {
  const status = useRecordsIndexStatus(requestId, fileCount);
  const label = status.data ? recordsIndexLabel(status.data) : null;
  if (!status.data || !label) return null;
  const indexing = status.data.indexed + status.data.failed < status.data.files;
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Badge
        variant="light"
        color={indexing ? 'blue' : 'teal'}
        leftSection={indexing ? <Loader size={10} color="blue" aria-hidden /> : <IconFileSearch size={12} />}
      >
        {label}
      </Badge>
      {status.data.failed > 0 && (
        <Text size="xs" c="orange.8">
          {RECORDS_SEARCH_MSG.unreadable(status.data.failed)}
        </Text>
      )}
      {!indexing && (
        <Anchor component={Link} to="/searchRecords/" size="xs">
          {RECORDS_SEARCH_MSG.title}
        </Anchor>
      )}
    </Group>
  );
}
