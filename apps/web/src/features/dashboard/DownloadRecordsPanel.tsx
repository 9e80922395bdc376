/**
 * Part 1 of the dashboard: records ready to download, newest first, grouped by client on each page with
 * a 'Download All Files' row per client; each file has its Download button (red 'Downloaded' after).
 * At phone width the provider moves under the file, so the table needs no sideways scrolling.
 */
import {
  DASHBOARD_DEFAULT_PAGE_SIZE,
  DASHBOARD_PAGE_SIZES,
  DOWNLOAD_RECORDS_LIMIT,
  formatDate,
  PAGER,
  type ReadyFile,
} from '@dd/shared';
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { refreshData } from '../../api/data';
import { Card, EmptyState, Loading, Pager, PageSizeSelect, usePhoneLayout } from '../../ui';
import { FileDownloadButton } from '../files';
import { type DashboardTarget, useReadyFiles } from './api';
import { ClientDownloadAll } from './ClientDownloadAll';
import classes from './dashboard.module.css';
import { pageNumber, pageSizeOf, useUrlState } from './use-url-state';

const DEFAULTS = { files_page: 1, files_size: DASHBOARD_DEFAULT_PAGE_SIZE };

/** The page's files by client, in the order the clients first appear. */
export function groupByClient(files: ReadyFile[]): { patient: ReadyFile['patient']; files: ReadyFile[] }[] {
  const groups = new Map<number, { patient: ReadyFile['patient']; files: ReadyFile[] }>();
  for (const file of files) {
    const group = groups.get(file.patient.id) ?? { patient: file.patient, files: [] };
    group.files.push(file);
    groups.set(file.patient.id, group);
  }
  return [...groups.values()];
}

export function DownloadRecordsPanel({ target }: { target: DashboardTarget }) {
  const queryClient = useQueryClient();
  const phone = usePhoneLayout();
  const url = useUrlState(DEFAULTS);
  const page = pageNumber(url.getNumber('files_page'));
  const pageSize = pageSizeOf(url.getNumber('files_size'), DASHBOARD_PAGE_SIZES, DASHBOARD_DEFAULT_PAGE_SIZE);
  const query = useReadyFiles(target, { page, page_size: pageSize });
  const count = query.data?.count ?? 0;
  const refresh = () => void refreshData(queryClient, 'requests');

  let body: React.ReactNode;
  if (query.isPending) body = <Loading label="Loading records" />;
  else if (!query.data?.results.length) body = <EmptyState objectName="Record" />;
  else {
    body = (
      <Table.ScrollContainer minWidth={phone ? 0 : 520}>
        <Table verticalSpacing="xs" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Download</Table.Th>
              <Table.Th>Patient</Table.Th>
              {!phone && <Table.Th>Provider</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groupByClient(query.data.results.map((r) => r.file)).map(({ patient, files }) => [
              <Table.Tr key={`client-${patient.id}`} className={classes.clientRow}>
                <Table.Td colSpan={phone ? 2 : 3}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {patient.full_name}
                    </Text>
                    <ClientDownloadAll target={target} clientId={patient.id} clientName={patient.full_name} />
                  </Group>
                </Table.Td>
              </Table.Tr>,
              ...files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>
                    <FileDownloadButton file={file} onDownloaded={refresh} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{patient.full_name}</Text>
                    <Text size="xs" c="dimmed">
                      {file.name} · #{file.request.internal_number} · {formatDate(file.created_at)}
                    </Text>
                    {phone && <Text size="xs">{file.provider.name}</Text>}
                  </Table.Td>
                  {!phone && (
                    <Table.Td>
                      <Text size="sm">{file.provider.name}</Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card title="Download Records">
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {body}
      <Stack gap={6}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="md" align="flex-end">
            <PageSizeSelect
              value={pageSize}
              onChange={(size) => url.set({ files_size: size, files_page: 1 })}
            />
            {count > 0 && (
              <Text size="sm" c="dimmed" pb={4}>
                Showing {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, count)} of {count}
              </Text>
            )}
          </Group>
          <Pager
            page={page}
            pageCount={Math.max(1, Math.ceil(count / pageSize))}
            onChange={(next) => url.set({ files_page: next })}
            pagesShown={PAGER.dashboard.pages}
            margin={PAGER.dashboard.margin}
          />
        </Group>
        {count >= DOWNLOAD_RECORDS_LIMIT && (
          <Text size="xs" c="dimmed">
            The newest {DOWNLOAD_RECORDS_LIMIT.toLocaleString('en-US')} records are listed here. Find older
            records under each client below.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
