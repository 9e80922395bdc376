/**
 * The staff list's table: Working, View, Client, Provider, Law Firm, Paralegal, Requestor, Status,
 * Legal Due Date (with where it stands: overdue is flagged), Created At Date, Next Reminder Date, Rush.
 * Client, Legal Due Date, Created At and Next Reminder sort ascending, then descending. Rush rows are tinted and carry a 'Rush' badge. At phone width each request is a card.
 */
import { formatDate, type RequestListItem, type UserBrief } from '@dd/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, DueDateCell, type TableSort } from '../../ui';
import classes from './staff-list.module.css';
import { WorkingCell } from './WorkingCell';

export interface RequestListTableProps {
  rows: RequestListItem[] | undefined;
  loading: boolean;
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  me: number;
  canReleaseAny: boolean;
  canClaim: boolean;
  staff: UserBrief[];
  emptyText?: string;
}

const nowrap = (text: string) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

export function RequestListTable(props: RequestListTableProps) {
  const columns: DataTableColumn<RequestListItem>[] = [
    {
      key: 'working',
      title: 'Working',
      render: (r) => (
        <WorkingCell
          request={r}
          me={props.me}
          canReleaseAny={props.canReleaseAny}
          canClaim={props.canClaim}
          staff={props.staff}
        />
      ),
    },
    {
      key: 'view',
      title: 'View',
      render: (r) => (
        <Anchor
          href={`/request/${r.id}/`}
          target="_blank"
          rel="noopener"
          size="sm"
          fw={600}
          aria-label={`View request ${r.internal_number} (opens in a new tab)`}
          className={classes.viewLink}
        >
          View <IconExternalLink size={13} aria-hidden />
        </Anchor>
      ),
    },
    {
      key: 'client',
      title: 'Client',
      sortKey: 'patient__full_name',
      render: (r) => r.patient?.full_name ?? '',
    },
    { key: 'provider', title: 'Provider', render: (r) => r.provider?.name ?? '' },
    { key: 'firm', title: 'Law Firm', render: (r) => r.company?.name ?? r.patient?.company?.name ?? '' },
    { key: 'paralegal', title: 'Paralegal', render: (r) => r.user?.full_name ?? '' },
    { key: 'requestor', title: 'Requestor', render: (r) => r.requester?.full_name ?? '' },
    { key: 'status', title: 'Status', minWidth: 170, render: (r) => r.status },
    {
      key: 'due',
      title: 'Legal Due Date',
      sortKey: 'due_date',
      minWidth: 130,
      render: (r) => <DueDateCell request={r} />,
    },
    {
      key: 'created',
      title: 'Created At Date',
      sortKey: 'created_at',
      render: (r) => nowrap(formatDate(r.created_at)),
    },
    {
      key: 'reminder',
      title: 'Next Reminder Date',
      sortKey: 'next_todo_date',
      render: (r) => nowrap(formatDate(r.next_todo_date)),
    },
    {
      key: 'rush',
      title: 'Rush',
      minWidth: 64,
      render: (r) =>
        r.rush ? (
          <Badge color="orange" variant="filled" size="sm" style={{ minWidth: 'max-content' }}>
            Rush
          </Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            No
          </Text>
        ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      objectName="Request"
      emptyText={props.emptyText}
      sort={props.sort}
      onSortChange={props.onSortChange}
      minWidth={1120}
      compact
      className={classes.table}
      rowProps={(row) => ({
        className: row.rush ? classes.rushRow : undefined,
        'data-rush': row.rush || undefined,
      })}
    />
  );
}
