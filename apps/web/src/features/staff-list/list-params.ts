import { nextDay, STAFF_LIST_DEFAULT_PAGE_SIZE, STAFF_LIST_PAGE_SIZES } from '@dd/shared';
import type { TableSort } from '../../ui';

/**
 * The staff list's state as it lives in the address (filters, sort, page size, offset, view) and the
 * GET /api/home/request/ query it becomes. Pure functions, so the rules are tested without a browser.
 */
export type ListView = 'todo' | 'all';

export interface ListState {
  view: ListView;
  firm?: number;
  client: string;
  provider: string;
  paralegal: string;
  requestor: string;
  /** '' (any), 'Open', 'Closed' or one status. */
  status: string;
  /** '' (anyone), 'none' (unclaimed) or a staff user id. */
  claimed: string;
  /** Only rush requests. */
  rush: boolean;
  /** Only requests to providers a law firm added that staff have not verified yet. */
  newProvider: boolean;
  /** The archived requests instead of the active ones. */
  archived: boolean;
  order: string;
  size: number;
  offset: number;
  /** The server's cursor from a Next or Prev link: reads on from a row rather than skipping `offset`. */
  cursor: string;
}

export const DEFAULT_ORDER = '-created_at';
const TODO_ORDER = '-rush';
export const SORT_KEYS = ['patient__full_name', 'created_at', 'next_todo_date'] as const;
export const TEXT_FILTERS = ['client', 'provider', 'paralegal', 'requestor'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readListState(params: URLSearchParams): ListState {
  const order = params.get('order_by') ?? DEFAULT_ORDER;
  const size = Number(params.get('size'));
  const offset = Number(params.get('offset'));
  const claimed = params.get('claimed') ?? '';
  return {
    view: params.get('view') === 'all' ? 'all' : 'todo',
    firm: positive(params.get('firm')),
    client: params.get('client') ?? '',
    provider: params.get('provider') ?? '',
    paralegal: params.get('paralegal') ?? '',
    requestor: params.get('requestor') ?? '',
    status: params.get('status') ?? '',
    claimed: claimed === 'none' || positive(claimed) ? claimed : '',
    rush: params.get('rush') === 'true',
    newProvider: params.get('new_provider') === 'true',
    archived: params.get('archived') === 'true',
    order: (SORT_KEYS as readonly string[]).includes(order.replace(/^-/, '')) ? order : DEFAULT_ORDER,
    size: (STAFF_LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : STAFF_LIST_DEFAULT_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    cursor: params.get('cursor') ?? '',
  };
}

/** Address values for a state change; defaults and blanks are left out to keep the address short. */
export function writeListState(current: URLSearchParams, change: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const keys: Record<keyof ListState, string> = {
    view: 'view',
    firm: 'firm',
    client: 'client',
    provider: 'provider',
    paralegal: 'paralegal',
    requestor: 'requestor',
    status: 'status',
    claimed: 'claimed',
    rush: 'rush',
    newProvider: 'new_provider',
    archived: 'archived',
    order: 'order_by',
    size: 'size',
    offset: 'offset',
    cursor: 'cursor',
  };
  const defaults: Partial<Record<keyof ListState, string>> = {
    view: 'todo',
    rush: 'false',
    newProvider: 'false',
    archived: 'false',
    order: DEFAULT_ORDER,
    size: String(STAFF_LIST_DEFAULT_PAGE_SIZE),
    offset: '0',
  };
  for (const [key, value] of Object.entries(change) as [keyof ListState, unknown][]) {
    const text = value === undefined || value === null ? '' : String(value);
    if (text === '' || text === defaults[key]) next.delete(keys[key]);
    else next.set(keys[key], text);
  }
  return next;
}

/** The cursor a Next or Prev link of the list call carries, or '' (paging by offset). */
export function cursorOf(link: string | null | undefined): string {
  return link ? (new URL(link, 'http://local').searchParams.get('cursor') ?? '') : '';
}

export function sortOf(order: string): TableSort {
  return { key: order.replace(/^-/, ''), direction: order.startsWith('-') ? 'desc' : 'asc' };
}

export const orderOf = (sort: TableSort) => `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;

/** The list call's parameters; `today` is YYYY-MM-DD in the user's time zone (the to-do cut-off). */
export function listQuery(state: ListState, today: string): Record<string, string | number> {
  const query: Record<string, string | number> = {
    // The To Do List puts rush first unless the user sorts by a column.
    order_by: state.view === 'todo' && state.order === DEFAULT_ORDER ? TODO_ORDER : state.order,
    limit: state.size,
    offset: state.offset,
  };
  if (state.cursor) query.cursor = state.cursor;
  // Due today or earlier: the spec's 'before' cut-off moved to tomorrow.
  if (state.view === 'todo') query.next_todo_date__lt = nextDay(today);
  if (state.firm) query.patient__company = state.firm;
  const text: Record<TextFilter, string> = {
    client: 'patient__full_name__icontains',
    provider: 'provider__name__icontains',
    paralegal: 'user__full_name__icontains',
    requestor: 'requester__full_name__icontains',
  };
  for (const key of TEXT_FILTERS) if (state[key].trim()) query[text[key]] = state[key].trim();
  if (state.status === 'Open') query.status_open = 'true';
  else if (state.status === 'Closed') query.status_open = 'false';
  else if (state.status) query.status__icontains = state.status;
  if (state.claimed) query.working_on = state.claimed;
  if (state.rush) query.rush = 'true';
  if (state.newProvider) query.new_provider = 'true';
  if (state.archived) query.archived = 'true';
  return query;
}
