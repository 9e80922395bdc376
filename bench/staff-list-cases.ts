/**
 * The staff list's benchmark cases, derived from the screen's own definitions (@dd/shared staff-list.ts):
 * every order in both views and in the Archived view, every filter with each of its sample values alone
 * and combined with a client-name search, and the calls of the list API that the screen does not make.
 * A filter or ordering of the API that no case reaches stops the run (`uncovered`), so a new column or
 * filter cannot go unmeasured.
 */
import {
  DEADLINE_STATUSES,
  emptyStaffListState,
  STAFF_LIST_FILTERS,
  STAFF_LIST_ORDERS,
  STAFF_LIST_VIEWS,
  STATUS_FILTER_CHOICES,
  type StaffListFilter,
  type StaffListState,
  type StaffListTextFilter,
  staffListQuery,
} from '@dd/shared';
import {
  REQUEST_FILTERS,
  REQUEST_ORDERINGS,
} from '../apps/server/src/modules/requests/requests.filters.queries';
import { ONE_CLIENT } from './generate-sql';

export interface StaffCase {
  name: string;
  /** The list call's query string (without limit and related). */
  query: string;
}

export interface CaseData {
  bigFirm: number;
  /** A Direct Docs worker who holds requests. */
  worker: number;
  client: number;
  provider: number;
  paralegal: number;
  /** Today as the browser sends it (YYYY-MM-DD). */
  today: string;
}

/** Names the generator's lists produce (bench/generate-sql.ts), per text filter: a broad one first. */
const TEXT_SAMPLES: Record<StaffListTextFilter, string[]> = {
  client: ['nguyen', `${ONE_CLIENT.firstName} ${ONE_CLIENT.lastName.slice(0, 4)}`.toLowerCase()],
  provider: ['mercy', 'mercy imag'],
  paralegal: ['wei'],
  requestor: ['maria'],
};
/** The name search every filter is combined with: a common last name (thousands of clients at 1M). */
const COMBINED_SEARCH = { client: 'nguyen' } as const;

function samples(key: StaffListFilter, data: CaseData): { values: unknown[]; combined: unknown[] } {
  const kind = STAFF_LIST_FILTERS[key];
  switch (kind) {
    case 'text': {
      const values = TEXT_SAMPLES[key as StaffListTextFilter];
      return { values, combined: key === 'client' ? [] : values.slice(0, 1) };
    }
    case 'firm':
      return { values: [data.bigFirm], combined: [data.bigFirm] };
    case 'status':
      return { values: [...STATUS_FILTER_CHOICES], combined: ['Open', 'Closed', 'Need Assistance'] };
    case 'staff':
      return { values: ['none', String(data.worker)], combined: ['none', String(data.worker)] };
    case 'deadline':
      return { values: [...DEADLINE_STATUSES], combined: ['due_soon', 'overdue'] };
    case 'flag':
      return { values: [true], combined: [true] };
  }
}

const VIEW_NAMES = { todo: 'To Do', all: 'All' } as const;

export function staffCases(data: CaseData): StaffCase[] {
  const base: StaffListState = { ...emptyStaffListState(), size: 100 };
  const all: StaffListState = { ...base, view: 'all' };
  const out: StaffCase[] = [];
  const add = (name: string, state: StaffListState) => {
    const query = staffListQuery(state, data.today);
    delete query.limit;
    delete query.offset;
    const text = new URLSearchParams(query as Record<string, string>).toString();
    // The default order is a column's too (newest first): each call once.
    if (out.some((c) => c.query === text)) return;
    out.push({ name, query: text });
  };
  for (const view of STAFF_LIST_VIEWS)
    for (const order of STAFF_LIST_ORDERS)
      add(`${VIEW_NAMES[view]}, order ${order}`, { ...base, view, order });
  for (const order of STAFF_LIST_ORDERS) add(`Archived, order ${order}`, { ...all, archived: true, order });
  for (const key of Object.keys(STAFF_LIST_FILTERS) as StaffListFilter[]) {
    const { values, combined } = samples(key, data);
    for (const value of values) add(`${key} = ${value}`, { ...all, [key]: value });
    for (const value of combined)
      add(`${key} = ${value}, client 'nguyen'`, { ...all, ...COMBINED_SEARCH, [key]: value });
  }
  add("Open, client 'nguyen', by client name", {
    ...all,
    status: 'Open',
    client: 'nguyen',
    order: 'patient__full_name',
  });
  add("'Need Assistance', provider 'mercy'", { ...all, status: 'Need Assistance', provider: 'mercy' });
  return [...out, ...apiCases(data)];
}

/** Calls of the list API that the screen does not make (reports, links, the spec's clients). */
function apiCases(data: CaseData): StaffCase[] {
  const q = (name: string, query: Record<string, string | number>) => ({
    name: `API: ${name}`,
    query: new URLSearchParams(
      Object.fromEntries(
        Object.entries({ order_by: '-created_at', ...query }).map(([k, v]) => [k, String(v)]),
      ),
    ).toString(),
  });
  return [
    q('closed in a quarter', { closed_date__gte: '2025-01-01', closed_date__lte: '2025-03-31' }),
    q('completed in a quarter', { completed_date__gte: '2025-01-01', completed_date__lte: '2025-03-31' }),
    q('internal number contains', { internal_number__contains: '1234' }),
    q('type contains', { type: 'radiology' }),
    q('completed statuses', { status_completed: 'true' }),
    q('not rush', { rush: 'false' }),
    q('without admins and users', { exclude_admins_and_users: 'true' }),
    q('not new providers', { new_provider: 'false' }),
    q('one client', { patient: data.client }),
    q('one provider', { provider: data.provider }),
    q('one paralegal', { user: data.paralegal }),
    q('start date', { start_date: '2024-01-15' }),
    q('end date', { end_date: '2024-01-15' }),
    q('oldest first', { order_by: 'created_at' }),
    q('by internal number', { order_by: 'internal_number' }),
    q('by internal number, descending', { order_by: '-internal_number' }),
  ];
}

/** The API's filters and orderings that no case reaches (the run refuses to report without them). */
export function uncovered(cases: StaffCase[]): string[] {
  const used = new Set<string>();
  for (const c of cases) {
    const params = new URLSearchParams(c.query);
    for (const key of params.keys()) used.add(key);
    used.add(`order_by=${params.get('order_by') ?? '-created_at'}`);
  }
  return [
    ...Object.keys(REQUEST_FILTERS).filter((key) => !used.has(key)),
    ...Object.keys(REQUEST_ORDERINGS)
      .map((o) => `order_by=${o}`)
      .filter((o) => !used.has(o)),
  ];
}
