import { COMPANY_PAGE_SIZES } from '@dd/shared';
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './data-table';
import { usePaging } from './use-paging';

/**
 * A server-paged table with a name filter: the filter waits for typing to pause and goes back to page
 * 1; page sizes 10 to 100 with the numbered pager; a failed load says why above the table.
 */
export function NamedList<T>(props: {
  objectName: string;
  filterLabel: string;
  placeholder?: string;
  queryKey: (name: string, page: number, pageSize: number) => QueryKey;
  load: (
    name: string,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => Promise<{ count: number; results: T[] }>;
  columns: DataTableColumn<T>[];
  /** Replaces 'No {object}s Found'. */
  emptyText?: string;
  minWidth?: number;
}) {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(COMPANY_PAGE_SIZES);
  const { page, pageSize } = paging;
  const result = useQuery({
    queryKey: props.queryKey(name, page, pageSize),
    queryFn: ({ signal }) => props.load(name, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <TextInput
        label={props.filterLabel}
        placeholder={props.placeholder ?? 'Filter by name'}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          paging.reset();
        }}
        maw={360}
      />
      {result.isError && (
        <Text c="red" role="alert">
          {result.error.message}
        </Text>
      )}
      <DataTable<T>
        objectName={props.objectName}
        emptyText={props.emptyText}
        minWidth={props.minWidth}
        rows={result.data?.results}
        loading={result.isPending}
        columns={props.columns}
        {...paging.tableProps(result.data?.count)}
      />
    </Stack>
  );
}
