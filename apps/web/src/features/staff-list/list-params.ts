import type { TableSort } from '../../ui';

/**
 * The staff list's state as it lives in the address and the GET /api/home/request/ query it becomes. The
 * rules live in @dd/shared (staff-list.ts), where the benchmark reads the same columns and filters.
 */
export {
  listCursorOf as cursorOf,
  readStaffListState as readListState,
  STAFF_LIST_DEFAULT_ORDER as DEFAULT_ORDER,
  STAFF_LIST_SORT_KEYS as SORT_KEYS,
  STAFF_LIST_TEXT_FILTERS as TEXT_FILTERS,
  type StaffListState as ListState,
  type StaffListTextFilter as TextFilter,
  type StaffListView as ListView,
  staffListQuery as listQuery,
  writeStaffListState as writeListState,
} from '@dd/shared';

export function sortOf(order: string): TableSort {
  return { key: order.replace(/^-/, ''), direction: order.startsWith('-') ? 'desc' : 'asc' };
}

export const orderOf = (sort: TableSort) => `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;
