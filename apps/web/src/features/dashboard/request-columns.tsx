/**
 * The requests list's columns (law-firm spec section 2, and the provider's legal due date) with the server
 * sort key of each (section 9),
 * and the mapping between the table's sort state and the `order_by` query parameter.
 */
import {
  DASHBOARD_DEFAULT_ORDER,
  DASHBOARD_ORDER_KEYS,
  type DashboardOrderKey,
  type DashboardRequest,
  formatDate,
} from '@dd/shared';
import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type DataTableColumn, DueDateCell, statusColor, type TableSort } from '../../ui';

export function sortFromOrder(orderBy: string | null | undefined): TableSort {
  const value = orderBy || DASHBOARD_DEFAULT_ORDER;
  const key = value.replace(/^-/, '');
  if (!(DASHBOARD_ORDER_KEYS as readonly string[]).includes(key))
    return sortFromOrder(DASHBOARD_DEFAULT_ORDER);
  return { key, direction: value.startsWith('-') ? 'desc' : 'asc' };
}

export function orderFromSort(sort: TableSort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;
}

/** 'View' opens the request in a new tab, as every dashboard list does. */
export function ViewLink({ id, label }: { id: number; label?: string }) {
  return (
    <Anchor
      href={`/request/${id}/`}
      target="_blank"
      rel="noopener"
      size="sm"
      fw={600}
      aria-label={label ?? `View request ${id} (opens in a new tab)`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      View <IconExternalLink size={13} aria-hidden />
    </Anchor>
  );
}

/** The status as coloured dot and text, which wraps cleanly in a narrow column and prints well. */
export function StatusCell({ status }: { status: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box
        w={9}
        h={9}
        mt={6}
        bg={`${statusColor(status)}.6`}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      />
      <Text size="sm">{status}</Text>
    </Group>
  );
}

/** Completeness: every record category asked for is received or certified none, or how many are so far. */
function RecordsCell({ request }: { request: DashboardRequest }) {
  if (!request.records_asked) return null;
  if (request.records_accounted === request.records_asked)
    return (
      <Badge color="teal" variant="light" radius="sm">
        Complete
      </Badge>
    );
  return nowrap(`${request.records_accounted} of ${request.records_asked}`);
}

type Row = { request: DashboardRequest };
const column = (
  key: string,
  title: string,
  sortKey: DashboardOrderKey | undefined,
  render: (r: DashboardRequest) => React.ReactNode,
): DataTableColumn<Row> => ({ key, title, sortKey, render: (row) => render(row.request) });

const nowrap = (text: string) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

export const REQUEST_COLUMNS: DataTableColumn<Row>[] = [
  column('view', 'View', undefined, (r) => (
    <ViewLink id={r.id} label={`View request ${r.internal_number} (opens in a new tab)`} />
  )),
  column('internal_number', 'Internal Request #', 'internal_number', (r) => nowrap(r.internal_number)),
  column('created_at', 'Date Request Submitted', 'created_at', (r) => nowrap(formatDate(r.created_at))),
  column('user', 'Paralegal', 'user__full_name', (r) => r.user?.full_name ?? ''),
  column('patient', 'Client', 'patient__full_name', (r) => r.patient.full_name),
  column('provider', 'Provider', 'provider__name', (r) => r.provider.name),
  column('start_date', 'Request From Date', 'start_date', (r) => nowrap(formatDate(r.start_date))),
  column('end_date', 'Request To Date', 'end_date', (r) => nowrap(formatDate(r.end_date))),
  column('request_type', 'Request Type', 'request_type', (r) => r.request_type),
  { ...column('status', 'Status', 'status', (r) => <StatusCell status={r.status} />), width: 190 },
  column('records', 'Records Received', undefined, (r) => <RecordsCell request={r} />),
  // The provider's legal deadline and the rule that set it, overdue flagged (docs/deadlines.md).
  {
    ...column('due_date', 'Legal Due Date', undefined, (r) => <DueDateCell request={r} rule />),
    minWidth: 150,
  },
];
