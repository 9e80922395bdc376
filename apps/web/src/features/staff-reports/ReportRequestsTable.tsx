import {
  COMPANY_PAGE_SIZES,
  formatDate,
  type ReportRequest,
  type ReportSubject,
  type RequestStatus,
} from '@dd/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, DueDateCell, StatusBadge, type TableSort, usePaging } from '../../ui';
import { pageReportRequests, staffReportKeys } from './api';

/** The requests behind one card, server-paged and sortable; each opens its detail in a new tab. */
const SORTS: Record<string, { asc: string; desc: string }> = {
  created_at: { asc: 'created_at', desc: '-created_at' },
  next_todo_date: { asc: 'next_todo_date', desc: '-next_todo_date' },
};

export function ReportRequestsTable({ subject, card }: { subject: ReportSubject; card: string }) {
  const [sort, setSort] = useState<TableSort>({ key: 'created_at', direction: 'desc' });
  const paging = usePaging(COMPANY_PAGE_SIZES);
  const { page, pageSize, reset } = paging;
  // Another card is another list: start again at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the card changes
  useEffect(() => reset(), [card]);
  const query = {
    ...subject,
    card,
    order_by: SORTS[sort.key][sort.direction],
    page,
    page_size: pageSize,
  };
  const result = useQuery({
    queryKey: staffReportKeys.requests(query),
    queryFn: ({ signal }) => pageReportRequests(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      {result.isError && (
        <Text c="red" role="alert">
          {result.error.message}
        </Text>
      )}
      <DataTable<ReportRequest>
        objectName="Request"
        rows={result.data?.results}
        loading={result.isPending}
        minWidth={1240}
        compact
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          reset();
        }}
        rowProps={(r) => ({ 'data-rush': r.rush })}
        columns={[
          {
            key: 'request',
            title: 'Request',
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                <Anchor href={`/request/${r.id}/`} target="_blank" rel="noopener" size="sm">
                  {r.internal_number ?? `#${r.id}`}
                </Anchor>
                {r.rush && (
                  <Badge color="red" size="xs" variant="light">
                    Rush
                  </Badge>
                )}
              </Group>
            ),
          },
          { key: 'request_name', title: 'Request Name', render: (r) => r.request_name, minWidth: 200 },
          { key: 'law_firm', title: 'Law Firm', render: (r) => r.law_firm },
          { key: 'provider', title: 'Provider', render: (r) => r.provider ?? '' },
          { key: 'paralegal', title: 'Paralegal', render: (r) => r.paralegal ?? '' },
          { key: 'claimed_by', title: 'Claimed By', render: (r) => r.claimed_by ?? 'Unassigned' },
          {
            key: 'status',
            title: 'Status',
            render: (r) => <StatusBadge status={r.status as RequestStatus} size="md" />,
            minWidth: 170,
          },
          { key: 'due_date', title: 'Legal Due Date', render: (r) => <DueDateCell request={r} /> },
          {
            key: 'created_at',
            title: 'Created',
            sortKey: 'created_at',
            render: (r) => formatDate(r.created_at),
          },
          {
            key: 'last_note_at',
            title: 'Last Note',
            render: (r) => (r.last_note_at ? formatDate(r.last_note_at) : 'None'),
          },
          {
            key: 'next_todo_date',
            title: 'Next Reminder',
            sortKey: 'next_todo_date',
            render: (r) => formatDate(r.next_todo_date),
          },
          { key: 'finished_at', title: 'Closed', render: (r) => formatDate(r.finished_at) },
        ]}
        {...paging.tableProps(result.data?.count)}
      />
    </>
  );
}
