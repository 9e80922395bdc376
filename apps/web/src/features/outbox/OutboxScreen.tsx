import { formatDate } from '@dd/shared';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get } from '../../api/client';
import { DataTable } from '../../ui';
import { outboxKeys } from './api';

/** /emailOutbox/: every e-mail the product wrote, with its delivery state (internal staff). */
interface OutboxItem {
  id: number;
  to_email: string;
  subject: string;
  template: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;
const PAGE_SIZES = [10, 20, 50, 100] as const;

export default function OutboxScreen() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery({
    queryKey: outboxKeys.page(page, pageSize),
    queryFn: () =>
      get<{ count: number; results: OutboxItem[] }>('/api/email/outbox/', { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Email Outbox</Title>
        <Text c="dimmed">
          E-mails the product has written, newest first. Pending ones are delivered when SMTP is set up.
          One-time links (password resets, invitations) are never shown here: they exist only in the delivered
          e-mail.
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md">
        <DataTable<OutboxItem>
          objectName="Email"
          rows={query.data?.results}
          loading={query.isPending}
          rowKey={(row) => row.id}
          columns={[
            { key: 'created_at', title: 'Written', render: (r) => formatDate(r.created_at), width: 120 },
            { key: 'to_email', title: 'To' },
            { key: 'subject', title: 'Subject' },
            {
              key: 'status',
              title: 'Status',
              render: (r) => (
                <Badge color={STATUS_COLOR[r.status]} variant="light" title={r.last_error ?? undefined}>
                  {r.status}
                </Badge>
              ),
            },
            { key: 'attempts', title: 'Attempts', align: 'right' },
          ]}
          page={page}
          pageSize={pageSize}
          total={query.data?.count}
          onPageChange={setPage}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </Paper>
    </Stack>
  );
}
