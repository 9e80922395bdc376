/**
 * Part 4 of the dashboard: 'All Open Requests' / 'All Requests' with its toggle, the filters, every
 * column sortable (ascending, then descending) through `order_by`, paging, and a clean printout.
 */
import { DASHBOARD_DEFAULT_PAGE_SIZE, DASHBOARD_PAGE_SIZES, formatDate, PAGER } from '@dd/shared';
import { Alert, Button, Text } from '@mantine/core';
import { IconListDetails, IconPrinter } from '@tabler/icons-react';
import { Card, DataTable, deadlineOf } from '../../ui';
import { type DashboardTarget, useRequestsPage } from './api';
import classes from './dashboard.module.css';
import { printSection } from './print';
import { RequestFilters, type RequestFilterValues, statusFitsOpen } from './RequestFilters';
import { orderFromSort, REQUEST_COLUMNS, sortFromOrder } from './request-columns';
import { pageNumber, pageSizeOf, useUrlState } from './use-url-state';

const DEFAULTS = {
  open: 'Yes',
  page: 1,
  size: DASHBOARD_DEFAULT_PAGE_SIZE,
  order_by: '-created_at',
  days_old: 0,
};
const FILTER_KEYS = {
  paralegal: 'paralegal',
  client: 'client',
  provider: 'provider',
  status: 'status',
  deadline: 'deadline',
} as const;

export interface RequestsPanelProps {
  target: DashboardTarget;
  companyName: string;
}

export function RequestsPanel({ target, companyName }: RequestsPanelProps) {
  const url = useUrlState(DEFAULTS);
  const openOnly = url.get('open') !== 'No';
  const page = pageNumber(url.getNumber('page'));
  const pageSize = pageSizeOf(url.getNumber('size'), DASHBOARD_PAGE_SIZES, DASHBOARD_DEFAULT_PAGE_SIZE);
  const sort = sortFromOrder(url.get('order_by'));
  const filters: RequestFilterValues = {
    paralegal: url.getNumber('paralegal'),
    client: url.getNumber('client'),
    provider: url.getNumber('provider'),
    status: url.get('status'),
    deadline: deadlineOf(url.get('deadline')),
    daysOld: Math.max(0, Math.trunc(url.getNumber('days_old') ?? 0)),
  };
  const status = openOnly && !statusFitsOpen(filters.status) ? undefined : filters.status || undefined;
  const query = useRequestsPage(target, {
    page,
    page_size: pageSize,
    open_request: openOnly ? 'Yes' : 'No',
    paralegal: filters.paralegal,
    client: filters.client,
    provider: filters.provider,
    status,
    days_old: filters.daysOld || undefined,
    deadline_status: filters.deadline || undefined,
    order_by: orderFromSort(sort),
  });

  const heading = openOnly ? 'All Open Requests' : 'All Requests';
  const toggle = () =>
    url.set({
      open: openOnly ? 'No' : 'Yes',
      page: 1,
      ...(!openOnly && !statusFitsOpen(filters.status) ? { status: '' } : {}),
    });
  const changeFilters = (next: Partial<RequestFilterValues>) => {
    const values: Record<string, string | number | undefined> = { page: 1 };
    for (const [key, name] of Object.entries(FILTER_KEYS)) {
      if (key in next) values[name] = next[key as keyof typeof FILTER_KEYS];
    }
    if ('daysOld' in next) values.days_old = next.daysOld;
    url.set(values);
  };

  return (
    <div data-print-area className={classes.printArea}>
      <Card
        title={heading}
        actions={
          <>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconListDetails size={14} />}
              onClick={toggle}
              data-print-hide
            >
              {openOnly ? 'See All Requests' : 'See Only Open Requests'}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPrinter size={14} />}
              onClick={() => printSection()}
              disabled={!query.data?.results.length}
              data-print-hide
            >
              Print
            </Button>
          </>
        }
      >
        <Text className={classes.printOnly} size="sm">
          {companyName} · {heading} · page {page} of{' '}
          {Math.max(1, Math.ceil((query.data?.count ?? 0) / pageSize))} · printed {formatDate(new Date())}
        </Text>
        <RequestFilters
          target={target}
          openOnly={openOnly}
          values={filters}
          onChange={changeFilters}
          onClear={() =>
            url.set({
              paralegal: '',
              client: '',
              provider: '',
              status: '',
              deadline: '',
              days_old: 0,
              page: 1,
            })
          }
        />
        {query.isError && (
          <Alert color="red" title="The requests could not be loaded" data-print-hide>
            {query.error.message}
          </Alert>
        )}
        <DataTable
          columns={REQUEST_COLUMNS}
          rows={query.data?.results}
          loading={query.isPending}
          objectName="Request"
          rowKey={(row) => row.request.id}
          sort={sort}
          onSortChange={(next) => url.set({ order_by: orderFromSort(next), page: 1 })}
          page={page}
          pageSize={pageSize}
          total={query.data?.count}
          onPageChange={(next) => url.set({ page: next })}
          onPageSizeChange={(size) => url.set({ size, page: 1 })}
          pageSizes={DASHBOARD_PAGE_SIZES}
          pagesShown={PAGER.dashboard.pages}
          margin={PAGER.dashboard.margin}
          minWidth={1100}
        />
      </Card>
    </div>
  );
}
