import {
  BILLABLE_STATUSES,
  COMPANY_PAGE_SIZES,
  type CompletedWithFees,
  formatDate,
  formatMoney,
} from '@dd/shared';
import { Anchor, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { lookupFirm, searchFirms } from '../../api/choices';
import { DataTable, SearchSelect, type TableSort, usePaging } from '../../ui';
import { dataDashboardKeys, pageCompletedWithFees } from './api';

/** Completed requests with fees (holders of view_fees): server-paged, filtered, sortable. */
const SORTS: Record<string, string> = {
  closed_date: 'closed_date',
  internal_number: 'internal_number',
  client: 'patient__full_name',
};

export function CompletedFeesTable() {
  const [firm, setFirm] = useState<number | undefined>();
  const [text, setText] = useState({ client: '', provider: '', internal_number: '' });
  const [typed] = useDebouncedValue(text, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [sort, setSort] = useState<TableSort>({ key: 'closed_date', direction: 'desc' });
  const paging = usePaging(COMPANY_PAGE_SIZES);
  const { page, pageSize, reset } = paging;
  const query = {
    law_firm: firm,
    client: typed.client.trim() || undefined,
    provider: typed.provider.trim() || undefined,
    internal_number: typed.internal_number.trim() || undefined,
    status: status ?? undefined,
    order_by: `${sort.direction === 'desc' ? '-' : ''}${SORTS[sort.key]}`,
    page,
    page_size: pageSize,
  };
  const result = useQuery({
    queryKey: dataDashboardKeys.completed(query),
    queryFn: ({ signal }) => pageCompletedWithFees(query, signal),
    placeholderData: keepPreviousData,
  });
  const setField = (key: keyof typeof text) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setText((t) => ({ ...t, [key]: value }));
    reset();
  };

  return (
    <section aria-labelledby="dd-completed">
      <Title order={2} size="h4" id="dd-completed" mb="sm">
        Completed Requests With Fees
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <SearchSelect
              label="Law Firm"
              placeholder="Any law firm"
              kind="firms"
              value={firm}
              onChange={(id) => {
                setFirm(id);
                reset();
              }}
              search={searchFirms}
              lookup={lookupFirm}
            />
            <TextInput label="Client" value={text.client} onChange={setField('client')} />
            <TextInput label="Provider" value={text.provider} onChange={setField('provider')} />
            <TextInput
              label="Internal #"
              value={text.internal_number}
              onChange={setField('internal_number')}
            />
            <Select
              label="Status"
              placeholder="Any finished status"
              data={[...BILLABLE_STATUSES]}
              value={status}
              onChange={(value) => {
                setStatus(value);
                reset();
              }}
              clearable
            />
          </SimpleGrid>
          {result.isError && (
            <Text c="red" role="alert">
              {result.error.message}
            </Text>
          )}
          <DataTable<CompletedWithFees>
            objectName="Request"
            emptyText="No completed requests match these filters."
            rows={result.data?.results}
            loading={result.isPending}
            minWidth={1000}
            compact
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              reset();
            }}
            columns={[
              {
                key: 'internal_number',
                title: 'Request',
                sortKey: 'internal_number',
                render: (r) => (
                  <Anchor component={Link} to={`/request/${r.id}/`}>
                    {r.internal_number ?? r.id}
                  </Anchor>
                ),
              },
              {
                key: 'closed_date',
                title: 'Closed',
                sortKey: 'closed_date',
                render: (r) => formatDate(r.closed_date),
              },
              { key: 'law_firm', title: 'Law Firm', render: (r) => r.law_firm },
              { key: 'client', title: 'Client', sortKey: 'client', render: (r) => r.client },
              { key: 'provider', title: 'Provider', render: (r) => r.provider ?? '' },
              { key: 'status', title: 'Status', render: (r) => r.status, minWidth: 180 },
              { key: 'claimed_by', title: 'Claimed By', render: (r) => r.claimed_by ?? 'Unassigned' },
              { key: 'fee', title: 'Fee', render: (r) => formatMoney(r.fee), align: 'right' },
              { key: 'total', title: 'Total', render: (r) => formatMoney(r.total), align: 'right' },
            ]}
            {...paging.tableProps(result.data?.count)}
          />
        </Stack>
      </Paper>
    </section>
  );
}
