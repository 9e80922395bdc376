/**
 * Table rows as cards at phone width, where a wide table would hide its columns off screen: each row is
 * a card listing every column's title and value, and a 'Sort by' choice replaces the sortable headers.
 */
import { Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { KeyboardEvent, ReactNode } from 'react';
import classes from './row-cards.module.css';

/** Below this width tables turn into cards (Mantine's `sm` breakpoint). */
export const usePhoneLayout = () => useMediaQuery('(max-width: 48em)') ?? false;

interface CardColumn<T> {
  key: string;
  title: ReactNode;
  sortKey?: string;
  render: (row: T) => ReactNode;
}

interface SortChoice {
  key: string;
  direction: 'asc' | 'desc';
}

export interface RowCardsProps<T> {
  columns: CardColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** What the rows are, for the list's accessible name ('Requests'). */
  label: string;
  onRowClick?: (row: T) => void;
  /** Extra attributes of a row's card (a rush tint). */
  cardProps?: (row: T) => { className?: string; 'data-rush'?: boolean };
  sort?: SortChoice | null;
  onSortChange?: (sort: SortChoice) => void;
}

const titleText = (title: ReactNode, key: string) => (typeof title === 'string' ? title : key);

export function RowCards<T>(props: RowCardsProps<T>) {
  const sortable = props.columns.filter((c) => c.sortKey);
  const choices = sortable.flatMap((c) => {
    const name = titleText(c.title, c.key);
    return [
      { value: `${c.sortKey}:asc`, label: `${name} (ascending)` },
      { value: `${c.sortKey}:desc`, label: `${name} (descending)` },
    ];
  });
  const onKeyDown = (row: T) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') props.onRowClick?.(row);
  };
  return (
    <Stack gap="sm">
      {props.onSortChange && choices.length > 0 && (
        <Select
          label="Sort by"
          size="sm"
          data={choices}
          value={props.sort ? `${props.sort.key}:${props.sort.direction}` : null}
          onChange={(value) => {
            if (!value) return;
            const [key, direction] = value.split(':');
            props.onSortChange?.({ key, direction: direction === 'desc' ? 'desc' : 'asc' });
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <ul className={classes.list} aria-label={props.label}>
        {props.rows.map((row, index) => {
          const extra = props.cardProps?.(row);
          return (
            <li key={props.rowKey(row, index)}>
              <Paper
                withBorder
                radius="md"
                p="sm"
                className={`${classes.card} ${extra?.className ?? ''}`}
                data-rush={extra?.['data-rush'] || undefined}
                onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                onKeyDown={props.onRowClick ? onKeyDown(row) : undefined}
                tabIndex={props.onRowClick ? 0 : undefined}
                style={props.onRowClick ? { cursor: 'pointer' } : undefined}
              >
                <dl className={classes.fields}>
                  {props.columns.map((column) => (
                    <div key={column.key} className={classes.field}>
                      <Text component="dt" size="xs" c="dimmed" fw={600}>
                        {column.title}
                      </Text>
                      <Text component="dd" size="sm" className={classes.value}>
                        {column.render(row)}
                      </Text>
                    </div>
                  ))}
                </dl>
              </Paper>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
