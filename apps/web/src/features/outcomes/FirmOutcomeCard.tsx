/**
 * What the provider's outcome means for the firm (decision 058), on the firm's request screen: a
 * rejection with its reason and what fixes it; no records found, with the signed certification to
 * download like records once it arrives; and the stale-request offer, cancelled only by the firm's click.
 */
import { formatDate, type RequestOutcome, STATUS } from '@dd/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconClockPause, IconFileCertificate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card } from '../../ui';
import { FileDownloadButton } from '../files';
import { answerStale, useOutcome } from './api';

export function FirmOutcomeCard({ requestId }: { requestId: number }) {
  const outcome = useOutcome(requestId);
  const o = outcome.data;
  if (!o) return null;
  return (
    <>
      {o.rejection && <Rejection rejection={o.rejection} />}
      {o.status === STATUS.noRecordsFound && <NoRecords outcome={o} />}
      {o.stale.stale && <StaleOffer requestId={requestId} stale={o.stale} />}
    </>
  );
}

function Rejection({ rejection }: { rejection: NonNullable<RequestOutcome['rejection']> }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={`The provider rejected this request: ${rejection.label}`}
    >
      <Stack gap={4}>
        {rejection.note && <Text size="sm">{rejection.note}</Text>}
        <Text size="sm">{rejection.fix}</Text>
        <Text size="sm" c="dimmed">
          Rejected on {formatDate(rejection.rejected_at)}. The provider’s legal deadline is paused until the
          request is sent again.
        </Text>
      </Stack>
    </Alert>
  );
}

function NoRecords({ outcome }: { outcome: RequestOutcome }) {
  const certification = outcome.certification;
  return (
    <Card title="No Records Found">
      <Text size="sm">The provider holds no records of your client for the dates you asked.</Text>
      {certification ? (
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <IconFileCertificate size={20} aria-hidden />
            <Text size="sm" fw={500}>
              {certification.name}
            </Text>
            <Text size="sm" c="dimmed">
              delivered {formatDate(certification.delivered_at)}
            </Text>
          </Group>
          <FileDownloadButton
            file={{ id: certification.file_id, url: certification.url, name: certification.name }}
            label="Download Certification"
            size="sm"
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          We are getting the provider’s signed certification of no records; it will appear here and with the
          request’s files.
        </Text>
      )}
    </Card>
  );
}

function StaleOffer({ requestId, stale }: { requestId: number; stale: RequestOutcome['stale'] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'keep_waiting' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(choice: 'cancel' | 'keep_waiting') {
    setBusy(choice);
    setError(null);
    try {
      const result = await answerStale(requestId, choice);
      notifications.show({ color: 'green', message: result.success });
      setConfirming(false);
      await refreshData(queryClient, 'requests');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockPause size={20} />}
      title="No response from the provider"
    >
      <Stack gap="sm">
        <Text size="sm">
          The provider has not answered in {stale.waiting_business_days} business days
          {stale.sent_on ? ` (sent ${formatDate(stale.sent_on)})` : ''}, past your firm’s limit of{' '}
          {stale.stale_after_business_days}. You may cancel the request or keep waiting; we never cancel it
          without you.
        </Text>
        {error && !confirming && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Cancel Request
          </Button>
          <Button variant="default" loading={busy === 'keep_waiting'} onClick={() => answer('keep_waiting')}>
            Keep Waiting
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title="Cancel this request?">
        <Stack>
          <Text size="sm">
            The request is closed as cancelled and we stop contacting the provider. This cannot be undone.
          </Text>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy !== null}>
              Keep the Request
            </Button>
            <Button color="red" loading={busy === 'cancel'} onClick={() => answer('cancel')}>
              Cancel the Request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
