/** Part 2 of the dashboard: requests in 'Need Assistance', with View, Patient and Provider. */
import {
  DASHBOARD_DEFAULT_PAGE_SIZE,
  DASHBOARD_PAGE_SIZES,
  type DashboardRequest,
  PAGER,
  STATUS,
} from '@dd/shared';
import { Alert, Badge } from '@mantine/core';
import { Card, DataTable } from '../../ui';
import { type DashboardTarget, useRequestsPage } from './api';
import { ViewLink } from './request-columns';
import { pageNumber, pageSizeOf, useUrlState } from './use-url-state';

const DEFAULTS = { attention_page: 1, attention_size: DASHBOARD_DEFAULT_PAGE_SIZE };

export function NeedAttentionPanel({ target }: { target: DashboardTarget }) {
  const url = useUrlState(DEFAULTS);
  const page = pageNumber(url.getNumber('attention_page'));
  const pageSize = pageSizeOf(
    url.getNumber('attention_size'),
    DASHBOARD_PAGE_SIZES,
    DASHBOARD_DEFAULT_PAGE_SIZE,
  );
  const query = useRequestsPage(target, { status: STATUS.needAssistance, page, page_size: pageSize });
  const count = query.data?.count ?? 0;

  return (
    <Card
      title="Need Your Attention"
      actions={
        count > 0 ? (
          <Badge color="red" variant="light">
            {count}
          </Badge>
        ) : undefined
      }
    >
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      <DataTable<{ request: DashboardRequest }>
        columns={[
          { key: 'view', title: 'View', render: ({ request }) => <ViewLink id={request.id} />, width: 80 },
          { key: 'patient', title: 'Patient', render: ({ request }) => request.patient.full_name },
          { key: 'provider', title: 'Provider', render: ({ request }) => request.provider.name },
        ]}
        rows={query.data?.results}
        loading={query.isPending}
        emptyText="Nothing needs your attention right now"
        rowKey={(row) => row.request.id}
        page={page}
        pageSize={pageSize}
        total={query.data?.count}
        onPageChange={(next) => url.set({ attention_page: next })}
        onPageSizeChange={(size) => url.set({ attention_size: size, attention_page: 1 })}
        pageSizes={DASHBOARD_PAGE_SIZES}
        pagesShown={PAGER.dashboard.pages}
        margin={PAGER.dashboard.margin}
        minWidth={360}
      />
    </Card>
  );
}
