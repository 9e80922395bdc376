/**
 * Part 3 of the dashboard: the firm's clients (only those with open requests, or all with requests),
 * a name filter, counts, and per client 'Download All Files' and a ZIP of the records.
 */
import { DASHBOARD_DEFAULT_PAGE_SIZE, DASHBOARD_PAGE_SIZES, type DashboardClient, PAGER } from '@dd/shared';
import { Alert, Anchor, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Card, DataTable } from '../../ui';
import { DownloadZipButton } from '../files';
import { type DashboardTarget, useClientsPage } from './api';
import { ClientDownloadAll } from './ClientDownloadAll';
import { pageNumber, pageSizeOf, useUrlState } from './use-url-state';

const DEFAULTS = {
  clients: 'open',
  client_name: '',
  clients_page: 1,
  clients_size: DASHBOARD_DEFAULT_PAGE_SIZE,
};

export interface ClientsPanelProps {
  target: DashboardTarget;
  /** Shows this client's requests in the requests list. */
  onShowRequests: (clientId: number) => void;
}

export function ClientsPanel({ target, onShowRequests }: ClientsPanelProps) {
  const url = useUrlState(DEFAULTS);
  const openOnly = url.get('clients') !== 'all';
  const page = pageNumber(url.getNumber('clients_page'));
  const pageSize = pageSizeOf(
    url.getNumber('clients_size'),
    DASHBOARD_PAGE_SIZES,
    DASHBOARD_DEFAULT_PAGE_SIZE,
  );
  const [name, setName] = useState(url.get('client_name'));
  const saveName = useDebouncedCallback(
    (value: string) => url.set({ client_name: value.trim(), clients_page: 1 }),
    300,
  );
  const query = useClientsPage(target, {
    open_request: openOnly ? 'Yes' : 'No',
    client_name: url.get('client_name') || undefined,
    page,
    page_size: pageSize,
  });

  return (
    <Card
      title="Clients"
      actions={
        <SegmentedControl
          size="xs"
          value={openOnly ? 'open' : 'all'}
          onChange={(value) => url.set({ clients: value, clients_page: 1 })}
          data={[
            { value: 'open', label: 'With open requests' },
            { value: 'all', label: 'All clients' },
          ]}
          aria-label="Which clients"
        />
      }
    >
      <TextInput
        label="Client name"
        placeholder="Type part of a name"
        leftSection={<IconSearch size={16} />}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          saveName(event.currentTarget.value);
        }}
        maw={360}
      />
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      <DataTable<DashboardClient>
        columns={[
          {
            key: 'client',
            title: 'Client',
            render: (c) => (
              <Anchor
                component="button"
                size="sm"
                fw={600}
                onClick={() => onShowRequests(c.patient.id)}
                title="Show this client's requests"
              >
                {c.patient.full_name}
              </Anchor>
            ),
          },
          { key: 'open_requests', title: 'Open Requests', align: 'right', render: (c) => c.open_requests },
          { key: 'total_requests', title: 'All Requests', align: 'right', render: (c) => c.total_requests },
          { key: 'files_ready', title: 'Files Ready', align: 'right', render: (c) => c.files_ready },
          {
            key: 'download',
            title: 'Download',
            render: (c) => (
              <Group gap="xs" wrap="nowrap">
                <ClientDownloadAll
                  target={target}
                  clientId={c.patient.id}
                  clientName={c.patient.full_name}
                  disabled={c.files_ready === 0}
                />
                {c.files_ready > 0 && <DownloadZipButton clientId={c.patient.id} label="ZIP" />}
              </Group>
            ),
          },
        ]}
        rows={query.data?.results}
        loading={query.isPending}
        objectName="Client"
        rowKey={(c) => c.patient.id}
        page={page}
        pageSize={pageSize}
        total={query.data?.count}
        onPageChange={(next) => url.set({ clients_page: next })}
        onPageSizeChange={(size) => url.set({ clients_size: size, clients_page: 1 })}
        pageSizes={DASHBOARD_PAGE_SIZES}
        pagesShown={PAGER.dashboard.pages}
        margin={PAGER.dashboard.margin}
        minWidth={640}
      />
    </Card>
  );
}
