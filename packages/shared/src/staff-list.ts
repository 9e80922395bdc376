import { STAFF_LIST_DEFAULT_PAGE_SIZE, STAFF_LIST_PAGE_SIZES } from './constants';
import { DEADLINE_STATUSES, type DeadlineStatus } from './deadlines';
import { nextDay } from './staffwork';
import { REQUEST_STATUSES, STATUS_GROUPS } from './statuses';

/**
 * The staff request list's screen as data: its views, the columns it sorts, its filters and the
 * GET /api/home/request/ query each state becomes. The web screen and the benchmark (bench/staff-list.ts)
 * both read it, so a column or filter added here is benchmarked without anyone remembering to.
 * Pure functions, so the rules are tested without a browser.
 */
export const STAFF_LIST_VIEWS = ['todo', 'all'] as const;
export type StaffListView = (typeof STAFF_LIST_VIEWS)[number];

export const STAFF_LIST_DEFAULT_ORDER = '-created_at';
/** The To Do List puts rush first unless the user sorts by a column. */
export const STAFF_LIST_TODO_ORDER = '-rush';
/** The columns the table sorts by, each ascending or descending. */
export const STAFF_LIST_SORT_KEYS = [
  'patient__full_name',
  'created_at',
  'next_todo_date',
  'due_date',
] as const;
/** Every order the screen can ask for: the default and each column both ways. */
export const STAFF_LIST_ORDERS = [
  STAFF_LIST_DEFAULT_ORDER,
  ...STAFF_LIST_SORT_KEYS.flatMap((k) => [k, `-${k}`]),
] as const;

export const STAFF_LIST_TEXT_FILTERS = ['client', 'provider', 'paralegal', 'requestor'] as const;
export type StaffListTextFilter = (typeof STAFF_LIST_TEXT_FILTERS)[number];

/** The Status filter's choices: the two groups, then every status. */
export const STATUS_FILTER_CHOICES = [
  ...(Object.keys(STATUS_GROUPS) as (keyof typeof STATUS_GROUPS)[]),
  ...REQUEST_STATUSES,
] as const;

/**
 * Every filter of the screen and the kind of value it takes: text (a name, "contains"), firm (a law
 * firm's id), status (one of STATUS_FILTER_CHOICES), staff ('none' or a staff user's id), deadline (where
 * the legal due date stands: one of DEADLINE_STATUSES), flag (a box).
 */
export const STAFF_LIST_FILTERS = {
  firm: 'firm',
  client: 'text',
  provider: 'text',
  paralegal: 'text',
  requestor: 'text',
  status: 'status',
  claimed: 'staff',
  deadline: 'deadline',
  rush: 'flag',
  newProvider: 'flag',
  archived: 'flag',
} as const satisfies Record<string, 'text' | 'firm' | 'status' | 'staff' | 'deadline' | 'flag'>;
export type StaffListFilter = keyof typeof STAFF_LIST_FILTERS;

interface FilterValue {
  text: string;
  firm: number | undefined;
  /** '' (any), 'Open', 'Closed' or one status. */
  status: string;
  /** '' (anyone), 'none' (unclaimed) or a staff user id. */
  staff: string;
  /** '' (any) or one deadline status. */
  deadline: DeadlineStatus | '';
  flag: boolean;
}
type FilterValues = {
  [K in StaffListFilter as (typeof STAFF_LIST_FILTERS)[K] extends 'firm' ? K : never]?: number;
} & {
  [K in StaffListFilter as (typeof STAFF_LIST_FILTERS)[K] extends 'firm'
    ? never
    : K]: FilterValue[(typeof STAFF_LIST_FILTERS)[K]];
};

/** The list's state as it lives in the address (filters, sort, page size, offset, view). */
export type StaffListState = FilterValues & {
  view: StaffListView;
  order: string;
  size: number;
  offset: number;
  /** The server's cursor from a Next or Prev link: reads on from a row rather than skipping `offset`. */
  cursor: string;
};

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readStaffListState(params: URLSearchParams): StaffListState {
  const order = params.get('order_by') ?? STAFF_LIST_DEFAULT_ORDER;
  const size = Number(params.get('size'));
  const offset = Number(params.get('offset'));
  const claimed = params.get('claimed') ?? '';
  const deadline = params.get('deadline') ?? '';
  return {
    view: params.get('view') === 'all' ? 'all' : 'todo',
    firm: positive(params.get('firm')),
    client: params.get('client') ?? '',
    provider: params.get('provider') ?? '',
    paralegal: params.get('paralegal') ?? '',
    requestor: params.get('requestor') ?? '',
    status: params.get('status') ?? '',
    claimed: claimed === 'none' || positive(claimed) ? claimed : '',
    deadline: (DEADLINE_STATUSES as readonly string[]).includes(deadline) ? (deadline as DeadlineStatus) : '',
    rush: params.get('rush') === 'true',
    newProvider: params.get('new_provider') === 'true',
    archived: params.get('archived') === 'true',
    order: (STAFF_LIST_SORT_KEYS as readonly string[]).includes(order.replace(/^-/, ''))
      ? order
      : STAFF_LIST_DEFAULT_ORDER,
    size: (STAFF_LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : STAFF_LIST_DEFAULT_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    cursor: params.get('cursor') ?? '',
  };
}

const ADDRESS_KEYS: Record<keyof StaffListState, string> = {
  view: 'view',
  firm: 'firm',
  client: 'client',
  provider: 'provider',
  paralegal: 'paralegal',
  requestor: 'requestor',
  status: 'status',
  claimed: 'claimed',
  deadline: 'deadline',
  rush: 'rush',
  newProvider: 'new_provider',
  archived: 'archived',
  order: 'order_by',
  size: 'size',
  offset: 'offset',
  cursor: 'cursor',
};

/** Address values for a state change; defaults and blanks are left out to keep the address short. */
export function writeStaffListState(
  current: URLSearchParams,
  change: Partial<StaffListState>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const defaults: Partial<Record<keyof StaffListState, string>> = {
    view: 'todo',
    rush: 'false',
    newProvider: 'false',
    archived: 'false',
    order: STAFF_LIST_DEFAULT_ORDER,
    size: String(STAFF_LIST_DEFAULT_PAGE_SIZE),
    offset: '0',
  };
  for (const [key, value] of Object.entries(change) as [keyof StaffListState, unknown][]) {
    const text = value === undefined || value === null ? '' : String(value);
    if (text === '' || text === defaults[key]) next.delete(ADDRESS_KEYS[key]);
    else next.set(ADDRESS_KEYS[key], text);
  }
  return next;
}

/** The cursor a Next or Prev link of the list call carries, or '' (paging by offset). */
export function listCursorOf(link: string | null | undefined): string {
  return link ? (new URL(link, 'http://local').searchParams.get('cursor') ?? '') : '';
}

/** The state of a first visit: the To Do List, nothing filtered. */
export function emptyStaffListState(): StaffListState {
  return readStaffListState(new URLSearchParams());
}

const TEXT_PARAMS: Record<StaffListTextFilter, string> = {
  client: 'patient__full_name__icontains',
  provider: 'provider__name__icontains',
  paralegal: 'user__full_name__icontains',
  requestor: 'requester__full_name__icontains',
};

/** The list call's parameters; `today` is YYYY-MM-DD in the user's time zone (the to-do cut-off). */
export function staffListQuery(state: StaffListState, today: string): Record<string, string | number> {
  const query: Record<string, string | number> = {
    order_by:
      state.view === 'todo' && state.order === STAFF_LIST_DEFAULT_ORDER ? STAFF_LIST_TODO_ORDER : state.order,
    limit: state.size,
    offset: state.offset,
  };
  if (state.cursor) query.cursor = state.cursor;
  // Due today or earlier: the spec's 'before' cut-off moved to tomorrow.
  if (state.view === 'todo') query.next_todo_date__lt = nextDay(today);
  if (state.firm) query.patient__company = state.firm;
  for (const key of STAFF_LIST_TEXT_FILTERS)
    if (state[key].trim()) query[TEXT_PARAMS[key]] = state[key].trim();
  if (state.status === 'Open') query.status_open = 'true';
  else if (state.status === 'Closed') query.status_open = 'false';
  else if (state.status) query.status__icontains = state.status;
  if (state.claimed) query.working_on = state.claimed;
  if (state.deadline) query.deadline_status = state.deadline;
  if (state.rush) query.rush = 'true';
  if (state.newProvider) query.new_provider = 'true';
  if (state.archived) query.archived = 'true';
  return query;
}
