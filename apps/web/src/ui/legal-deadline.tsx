import {
  DEADLINE_STATUS_LABELS,
  type DeadlineStatus,
  formatDate,
  LEGAL_BASIS_LABELS,
  type RequestRecord,
} from '@dd/shared';
import { Badge, Group, Text } from '@mantine/core';
import { DetailItem } from './detail-item';

const DEADLINE_COLORS: Record<DeadlineStatus, string> = {
  on_track: 'green',
  due_soon: 'yellow',
  overdue: 'orange',
  very_overdue: 'red',
};

/** Where a request's legal due date stands, as a badge: shown on the request screens and in lists. */
export function DeadlineBadge({ status }: { status: DeadlineStatus }) {
  return (
    <Badge color={DEADLINE_COLORS[status]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {DEADLINE_STATUS_LABELS[status]}
    </Badge>
  );
}

type Deadline = Pick<RequestRecord, 'legal_basis' | 'due_date' | 'deadline_rule' | 'deadline_status'>;

/** The legal basis and the provider's legal deadline with the rule that set it (docs/deadlines.md). */
export function LegalDeadline({ request }: { request: Deadline }) {
  return (
    <>
      <DetailItem label="Legal Basis">{LEGAL_BASIS_LABELS[request.legal_basis]}</DetailItem>
      <DetailItem label="Provider's Legal Deadline">
        {request.due_date ? (
          <>
            <Group gap="xs">
              <span>{formatDate(request.due_date)}</span>
              {request.deadline_status && <DeadlineBadge status={request.deadline_status} />}
            </Group>
            <Text size="xs" c="dimmed">
              {request.deadline_rule}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Counted from the first send to the provider.
          </Text>
        )}
      </DetailItem>
    </>
  );
}
