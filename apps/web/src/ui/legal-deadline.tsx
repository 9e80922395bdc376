import {
  DEADLINE_STATUS_LABELS,
  DEADLINE_STATUSES,
  type DeadlineStatus,
  formatDate,
  LEGAL_BASIS_LABELS,
  type RequestRecord,
} from '@dd/shared';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { DetailItem } from './detail-item';

/** Past due is filled and carries a warning sign, so it stands out without relying on colour alone. */
const DEADLINE_LOOK: Record<DeadlineStatus, { color: string; variant: 'light' | 'filled' }> = {
  on_track: { color: 'green', variant: 'light' },
  due_soon: { color: 'yellow', variant: 'light' },
  overdue: { color: 'orange', variant: 'filled' },
  very_overdue: { color: 'red', variant: 'filled' },
};

const DEADLINE_ICONS: Partial<Record<DeadlineStatus, typeof IconAlertTriangle>> = {
  due_soon: IconClockHour4,
  overdue: IconAlertTriangle,
  very_overdue: IconAlertTriangle,
};

/** Where a request's legal due date stands, as a badge: shown on the request screens and in lists. */
export function DeadlineBadge({ status }: { status: DeadlineStatus }) {
  const Icon = DEADLINE_ICONS[status];
  return (
    <Badge
      {...DEADLINE_LOOK[status]}
      radius="sm"
      leftSection={Icon ? <Icon size={12} aria-hidden /> : undefined}
      style={{ textTransform: 'none', flexShrink: 0 }}
      data-deadline={status}
    >
      {DEADLINE_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A list's due-date cell: the provider's legal due date and where it stands, and with `rule` the rule that
 * set it. A request not yet sent to its provider has no date yet.
 */
export function DueDateCell({
  request,
  rule = false,
}: {
  request: Pick<RequestRecord, 'due_date' | 'deadline_rule' | 'deadline_status'>;
  rule?: boolean;
}) {
  if (!request.due_date)
    return (
      <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Not sent yet
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      {/* The badge goes under the date when the column is narrow. */}
      <Group gap={4} style={{ rowGap: 2 }}>
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(request.due_date)}
        </Text>
        {request.deadline_status && <DeadlineBadge status={request.deadline_status} />}
      </Group>
      {rule && request.deadline_rule && (
        <Text size="xs" c="dimmed" lh={1.3}>
          {request.deadline_rule}
        </Text>
      )}
    </Stack>
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

const DEADLINE_CHOICES = DEADLINE_STATUSES.map((s) => ({ value: s, label: DEADLINE_STATUS_LABELS[s] }));

/** A deadline status from the address or a select, or '' when it is none. */
export const deadlineOf = (value: string | null): DeadlineStatus | '' =>
  (DEADLINE_STATUSES as readonly string[]).includes(value ?? '') ? (value as DeadlineStatus) : '';

/** The lists' Deadline filter: where the legal due date stands, or any. */
export function DeadlineSelect({
  value,
  onChange,
}: {
  value: DeadlineStatus | '';
  onChange: (deadline: DeadlineStatus | '') => void;
}) {
  return (
    <Select
      label="Deadline"
      placeholder="Any deadline"
      size="sm"
      clearable
      data={DEADLINE_CHOICES}
      value={value || null}
      onChange={(deadline) => onChange(deadlineOf(deadline))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
