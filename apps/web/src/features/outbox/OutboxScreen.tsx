import { formatDate, formatTime, OUTBOX_MSG } from '@dd/shared';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get, post } from '../../api/client';
import { DataTable, DetailItem } from '../../ui';
import { outboxKeys } from './api';

/**
 * /emailOutbox/: every e-mail the product wrote, with its delivery state (internal staff). A row opens
 * the message (one-time links shown only as a note) with its dates, attempts and last error, and Resend.
 */
interface OutboxItem {
  id: number;
  to_email: string;
  subject: string;
  text: string;
  template: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const;
const PAGE_SIZES = [10, 20, 50, 100] as const;
const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');

const StatusBadge = ({ item }: { item: OutboxItem }) => (
  <Badge color={STATUS_COLOR[item.status]} variant="light">
    {item.status}
  </Badge>
);

export default function OutboxScreen() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<OutboxItem | null>(null);
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
          E-mails the product has written, newest first; open one to read it or send it again. Pending ones
          are delivered when SMTP is set up. One-time links (password resets, invitations) are never shown
          here: they exist only in the delivered e-mail.
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md">
        <DataTable<OutboxItem>
          objectName="Email"
          rows={query.data?.results}
          loading={query.isPending}
          rowKey={(row) => row.id}
          onRowClick={setOpen}
          columns={[
            { key: 'created_at', title: 'Written', render: (r) => dateTime(r.created_at), width: 170 },
            { key: 'to_email', title: 'To' },
            { key: 'subject', title: 'Subject' },
            { key: 'status', title: 'Status', render: (r) => <StatusBadge item={r} /> },
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
      {open && <MessageModal item={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function MessageModal({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await post(`/api/email/outbox/${item.id}/resend/`, {});
      notifications.show({ color: 'green', message: OUTBOX_MSG.queued });
      await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={item.subject} size="lg">
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <DetailItem label="To">{item.to_email}</DetailItem>
          <DetailItem label="Status">
            <StatusBadge item={item} />
          </DetailItem>
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <DetailItem label="Written">{dateTime(item.created_at)}</DetailItem>
          <DetailItem label="Sent">{dateTime(item.sent_at)}</DetailItem>
          <DetailItem label="Attempts">{item.attempts}</DetailItem>
        </Group>
        {item.last_error && (
          <Alert color="red" title="Last error">
            {item.last_error}
          </Alert>
        )}
        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.text}
          </Text>
        </Paper>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          {confirming ? (
            <>
              <Text size="sm">Send this e-mail to {item.to_email} again?</Text>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </Button>
              <Button loading={busy} onClick={resend} leftSection={<IconSend size={16} />}>
                Send Again
              </Button>
            </>
          ) : (
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              disabled={item.status === 'pending'}
              title={item.status === 'pending' ? OUTBOX_MSG.alreadyPending : undefined}
              onClick={() => setConfirming(true)}
            >
              Resend
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
