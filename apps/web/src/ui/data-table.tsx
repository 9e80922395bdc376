/**
 * Server-paged, sortable table. Clicking a sortable header sorts ascending, then descending, then
 * ascending again (spec: sorting cycles Ascending then Descending). Page size and pager sit below. At
 * phone width the rows become cards (row-cards.tsx), so no column is hidden off screen.
 */
import { PAGER } from '@dd/shared';
import { Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Loading } from './loading';
import { PageSizeSelect } from './page-size-select';
import { Pager } from './pager';
import { RowCards, usePhoneLayout } from './row-cards';

type SortDirection = 'asc' | 'desc';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  key: string;
  title: ReactNode;
  /** Server field to sort by; the column is sortable only when set. */
  sortKey?: string;
  render?: (row: T) => ReactNode;
  width?: number | string;
  /** Narrowest width of the column's cells (long statuses, badges). */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** Undefined until the data arrives. */
  rows: readonly T[] | undefined;
  /**
   * Whether the rows are still coming. Without it, undefined rows mean loading. With it (a query's
   * isPending), undefined rows after loading mean the call failed: the caller shows why, the table no
   * longer spins.
   */
  loading?: boolean;
  /** Singular name for the empty text ('Request' -> 'No Requests Found'). */
  objectName?: string;
  emptyText?: ReactNode;
  rowKey?: (row: T, index: number) => string | number;
  onRowClick?: (row: T) => void;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  /** Paging (1-based page); shown when onPageChange and total are given. */
  page?: number;
  pageSize?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  pagesShown?: number;
  margin?: number;
  /** Horizontal scroll below this width, for tablets. @default 720 */
  minWidth?: number;
  /** Tighter rows without stripes, for long working lists. */
  compact?: boolean;
  className?: string;
  /** Extra attributes of a row (and of its card at phone width), such as a rush tint. */
  rowProps?: (row: T) => { className?: string; 'data-rush'?: boolean };
}

/** The sort after clicking the header for `key`. */
export function nextSort(current: TableSort | null | undefined, key: string): TableSort {
  if (current?.key === key && current.direction === 'asc') return { key, direction: 'desc' };
  return { key, direction: 'asc' };
}

function defaultRowKey(row: unknown, index: number): string | number {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

function cellText(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown> | null)?.[key];
  return value === null || value === undefined ? '' : String(value);
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sort, rowKey = defaultRowKey, pageSize = 10, page = 1 } = props;
  const waiting = props.loading ?? rows === undefined;
  const phone = usePhoneLayout();

  const header = columns.map((column) => {
    const sortKey = column.sortKey;
    if (!sortKey || !props.onSortChange) {
      return (
        <Table.Th key={column.key} w={column.width} miw={column.minWidth} ta={column.align}>
          {column.title}
        </Table.Th>
      );
    }
    const active = sort?.key === sortKey ? sort.direction : null;
    const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
    return (
      <Table.Th
        key={column.key}
        w={column.width}
        miw={column.minWidth}
        ta={column.align}
        aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
      >
        <UnstyledButton onClick={() => props.onSortChange?.(nextSort(sort, sortKey))} fw={600} fz="sm">
          <Group gap={4} wrap="nowrap">
            {column.title}
            <Icon size={14} stroke={1.8} aria-hidden opacity={active ? 1 : 0.45} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  });

  // Loading, failed or empty: one message in place of the rows.
  let message: ReactNode = null;
  if (waiting) message = <Loading />;
  else if (rows === undefined)
    message = (
      <Text c="dimmed" ta="center" py="md" size="sm">
        Nothing to show.
      </Text>
    );
  else if (rows.length === 0) message = <EmptyState objectName={props.objectName} text={props.emptyText} />;

  let body: ReactNode;
  if (message || rows === undefined) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>{message}</Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row, index) => (
      <Table.Tr
        key={rowKey(row, index)}
        {...props.rowProps?.(row)}
        onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
        onKeyDown={
          props.onRowClick
            ? (event) => {
                if (event.key === 'Enter') props.onRowClick?.(row);
              }
            : undefined
        }
        tabIndex={props.onRowClick ? 0 : undefined}
        style={props.onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} miw={column.minWidth} ta={column.align}>
            {column.render ? column.render(row) : cellText(row, column.key)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  const paged = props.onPageChange && props.total !== undefined;
  const pageCount = paged ? Math.max(1, Math.ceil((props.total ?? 0) / pageSize)) : 0;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, props.total ?? 0);

  return (
    <Stack gap="sm">
      {phone && message ? (
        // At phone width rows are cards, so there is no header row to scroll sideways to.
        <div>{message}</div>
      ) : phone && rows !== undefined ? (
        <RowCards
          columns={columns.map((c) => ({
            ...c,
            render: (row: T) => c.render?.(row) ?? cellText(row, c.key),
          }))}
          rows={rows}
          rowKey={rowKey}
          label={`${props.objectName ?? 'Row'}s`}
          onRowClick={props.onRowClick}
          cardProps={props.rowProps}
          sort={sort}
          onSortChange={props.onSortChange}
        />
      ) : (
        <Table.ScrollContainer minWidth={phone ? 0 : (props.minWidth ?? 720)}>
          <Table
            striped={!props.compact}
            highlightOnHover
            verticalSpacing={props.compact ? 'xs' : 'sm'}
            horizontalSpacing={props.compact ? 'xs' : 'md'}
            className={props.className}
          >
            <Table.Thead>
              <Table.Tr>{header}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {paged && (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="md" align="flex-end">
            {props.onPageSizeChange && (
              <PageSizeSelect value={pageSize} onChange={props.onPageSizeChange} choices={props.pageSizes} />
            )}
            {(props.total ?? 0) > 0 && (
              <Text size="sm" c="dimmed" pb={4}>
                Showing {first}–{last} of {props.total}
              </Text>
            )}
          </Group>
          <Pager
            page={page}
            pageCount={pageCount}
            onChange={(next) => props.onPageChange?.(next)}
            pagesShown={props.pagesShown ?? PAGER.standard.pages}
            margin={props.margin ?? PAGER.standard.margin}
          />
        </Group>
      )}
    </Stack>
  );
}
