/**
 * Under the chosen client: the providers already asked for this client's records, so nobody orders
 * the same records twice. A new client simply has none yet; the spec's 'No providers could be found for
 * this patient. Please review your selection.' is kept for a client whose records cannot be read (removed
 * or no longer visible), where reviewing the selection is the right advice (decision 023).
 */
import { formatDate, MSG } from '@dd/shared';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DeadlineBadge, StatusBadge } from '../../ui';
import { useClientRequests } from './api';

export function ClientHistory({ patientId }: { patientId: number }) {
  const query = useClientRequests(patientId);
  if (query.isPending) return <Skeleton h={40} />;
  if (query.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {MSG.noProvidersForPatient}
      </Text>
    );
  }
  const requests = query.data?.results ?? [];
  return (
    <Stack gap={6} aria-label="Previous requests for this client">
      <Text size="sm" fw={600}>
        Previous requests for this client
      </Text>
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MSG.noEarlierRequests}
        </Text>
      ) : (
        requests.slice(0, 8).map((r) => (
          <Group key={r.id} gap={4} justify="space-between">
            <Anchor
              href={`/request/${r.id}/`}
              target="_blank"
              size="sm"
              miw={0}
              style={{ flex: '1 1 14rem' }}
            >
              {r.provider?.name ?? 'Provider'} · {formatDate(r.start_date)}–{formatDate(r.end_date)}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              {(r.deadline_status === 'overdue' || r.deadline_status === 'very_overdue') && (
                <DeadlineBadge status={r.deadline_status} />
              )}
              <StatusBadge status={r.status} size="md" />
            </Group>
          </Group>
        ))
      )}
      {requests.length > 8 && (
        <Text size="xs" c="dimmed">
          and {requests.length - 8} more on your dashboard
        </Text>
      )}
    </Stack>
  );
}
