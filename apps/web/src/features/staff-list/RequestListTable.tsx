/**
 * The staff list's table: Working, View, Client, Provider, Law Firm, Paralegal, Requestor, Status,
 * Created At Date, Next Reminder Date, Rush. Client, Created At and Next Reminder sort ascending, then
 * descending. Rush rows are tinted and carry a 'Rush' badge. At phone width each request is a card.
 */
import { formatDate, type RequestListItem, type UserBrief } from '@dd/shared';
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState, Loading, nextSort, RowCards, type TableSort, usePhoneLayout } from '../../ui';
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

interface Column {
  key: string;
  title: string;
  sortKey?: string;
  /** Narrowest width of the column's cells, so long statuses and the badge do not squeeze. */
  minWidth?: number;
  render: (row: RequestListItem) => ReactNode;
}

const nowrap = (text: string) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

export function RequestListTable(props: RequestListTableProps) {
  const phone = usePhoneLayout();
  const columns: Column[] = [
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

  const header = columns.map((column) => {
    if (!column.sortKey) {
      return (
        <Table.Th key={column.key} miw={column.minWidth}>
          {column.title}
        </Table.Th>
      );
    }
    const sortKey = column.sortKey;
    const active = props.sort.key === sortKey ? props.sort.direction : null;
    const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
    return (
      <Table.Th
        key={column.key}
        aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
      >
        <UnstyledButton onClick={() => props.onSortChange(nextSort(props.sort, sortKey))} fw={600} fz="sm">
          <Group gap={4} wrap="nowrap" align="center">
            <span>{column.title}</span>
            <Icon size={14} stroke={1.8} aria-hidden opacity={active ? 1 : 0.45} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  });

  const rows = props.rows;
  let body: ReactNode;
  if (props.loading || !rows || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          {props.loading || !rows ? <Loading /> : <EmptyState objectName="Request" text={props.emptyText} />}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr
        key={row.id}
        className={row.rush ? classes.rushRow : undefined}
        data-rush={row.rush || undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} miw={column.minWidth}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  if (phone && rows && rows.length > 0 && !props.loading) {
    return (
      <RowCards
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        label="Requests"
        cardProps={(row) => ({ className: row.rush ? classes.rushCard : undefined, 'data-rush': row.rush })}
        sort={props.sort}
        onSortChange={props.onSortChange}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={1120}>
      <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" className={classes.table}>
        <Table.Thead>
          <Table.Tr>{header}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
