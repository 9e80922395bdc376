/** A list that shows the loading image until data arrives and 'No {object}s Found' when empty. */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Loading } from './loading';

export interface ListProps<T> {
  /** Undefined means the data has not arrived yet. */
  items: readonly T[] | undefined;
  loading?: boolean;
  /** Singular name used in the empty text ('Client' -> 'No Clients Found'). */
  objectName?: string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Key of each item; defaults to item.id, then the index. */
  getKey?: (item: T, index: number) => string | number;
  emptyText?: ReactNode;
  gap?: 'xs' | 'sm' | 'md' | 'lg';
}

function defaultKey(item: unknown, index: number): string | number {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

export function List<T>({
  items,
  loading,
  objectName,
  renderItem,
  getKey = defaultKey,
  emptyText,
  gap = 'sm',
}: ListProps<T>) {
  if (loading || items === undefined) return <Loading />;
  if (items.length === 0) return <EmptyState objectName={objectName} text={emptyText} />;
  return (
    <Stack component="ul" gap={gap} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item, index) => (
        <li key={getKey(item, index)}>{renderItem(item, index)}</li>
      ))}
    </Stack>
  );
}
