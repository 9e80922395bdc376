/**
 * Online signing on the client (shown with the request): each HIPAA authorization sent to the client to sign,
 * where it stands (sent, opened, signed, declined, revoked, expired), the signed PDF, "Send signing link",
 * "Resend", and "Revoke" when the client revokes it. Only the firm acts: internal users read the form on the
 * request as before.
 */
import {
  formatDate,
  type RequestDetail,
  SIGNING_STATUS_LABELS,
  type SigningRequest,
  type SigningStatus,
} from '@dd/shared';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconDownload, IconRefresh, IconSignature } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card } from '../../ui';
import { openStoredFile } from '../../ui/open-stored-file';
import { renewSigningLink, resendSigningLink, revokeSigning, signingKeys, useSigningRequests } from './api';
import { SendSigningModal } from './SendSigningModal';

const STATUS_COLORS = {
  sent: 'blue',
  opened: 'cyan',
  signed: 'teal',
  declined: 'red',
  revoked: 'red',
  expired: 'gray',
  locked: 'orange',
} as const satisfies Record<SigningStatus, string>;

export function SigningCard({ request }: { request: RequestDetail }) {
  const patientId = request.patient.id;
  const list = useSigningRequests(patientId);
  const [sending, setSending] = useState(false);
  return (
    <Card
      title="Online Authorization"
      actions={
        <Button size="xs" leftSection={<IconSignature size={16} />} onClick={() => setSending(true)}>
          Send signing link
        </Button>
      }
    >
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-label="Loading signing links" />
          <Text size="sm" c="dimmed">
            Loading signing links…
          </Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert" title="Signing links could not be loaded">
          {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No signing links yet. Send one and {request.patient.first_name || 'the client'} can sign a HIPAA
          authorization on their phone in a few minutes.
        </Text>
      ) : (
        <Stack gap="md">
          {list.data.map((s) => (
            <SigningRow key={s.id} patientId={patientId} signing={s} />
          ))}
        </Stack>
      )}
      <SendSigningModal
        target={{
          patientId,
          clientName: request.patient.full_name,
          email: request.patient.email,
          request: { id: request.id, providerName: request.provider.name, providerId: request.provider.id },
          providerIds: [request.provider.id],
          recordTypes: request.request_types,
          startDate: request.start_date,
          endDate: request.end_date,
        }}
        opened={sending}
        onClose={() => setSending(false)}
      />
    </Card>
  );
}

function SigningRow({ patientId, signing: s }: { patientId: number; signing: SigningRequest }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await (s.renewal_due ? renewSigningLink : resendSigningLink)(patientId, s.id);
      notifications.show({ color: 'teal', message: `A new signing link was sent to ${s.email}.` });
      await queryClient.invalidateQueries({ queryKey: signingKeys.list(patientId) });
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : 'Not sent.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} data-testid="signing-row">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {s.providers.join(', ')}
        </Text>
        <Group gap={4} wrap="nowrap">
          {s.renewal_due && (
            <Badge color="orange" variant="light" radius="sm">
              Expires soon
            </Badge>
          )}
          <Badge color={STATUS_COLORS[s.status]} variant="light" radius="sm">
            {SIGNING_STATUS_LABELS[s.status]}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Sent to {s.email} on {formatDate(s.sent_at)}
        {s.status === 'signed' && s.signed_at ? ` · signed on ${formatDate(s.signed_at)}` : ''}
        {s.signed_as_representative ? ` by ${s.signer_name} (${s.signed_as_representative})` : ''}
        {s.status === 'signed' && s.authorization_expires_on
          ? ` · expires ${formatDate(s.authorization_expires_on)}`
          : ''}
        {s.status === 'declined' && s.decline_reason ? ` · “${s.decline_reason}”` : ''}
      </Text>
      {s.status === 'revoked' && (
        <Text size="xs" c="red.8">
          Revoked: nothing may be sent under it, and the open requests that relied on it were cancelled.
        </Text>
      )}
      <Group gap="xs">
        {s.document_url && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void openStoredFile(s.document_url!, 'HIPAA authorization (signed).pdf')}
          >
            Signed PDF
          </Button>
        )}
        {(!s.document_url || s.renewal_due) && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            loading={busy}
            onClick={resend}
          >
            {s.renewal_due ? 'Renew' : 'Resend'}
          </Button>
        )}
        {s.status === 'signed' && <RevokeButton patientId={patientId} signing={s} />}
      </Group>
    </Stack>
  );
}

/** The client revoked the authorization (in writing): the firm records it, with how, after confirming. */
function RevokeButton({ patientId, signing }: { patientId: number; signing: SigningRequest }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await revokeSigning(patientId, signing.id, { reason });
      notifications.show({ color: 'teal', message: result.success });
      setOpened(false);
      await queryClient.invalidateQueries({ queryKey: signingKeys.list(patientId) });
      await refreshData(queryClient, 'requests');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Not recorded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconBan size={14} />}
        onClick={() => setOpened(true)}
      >
        Revoke
      </Button>
      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title="Record that the client revoked this authorization?"
      >
        <Stack gap="sm">
          <Text size="sm">
            Nothing may be sent to a provider under it any more. The open requests that rely on it are
            cancelled, each with a note, and it stops being the client’s HIPAA form.
          </Text>
          <Textarea
            label="How the client revoked it"
            description="For example: letter dated 11/20/2026, received by e-mail."
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              Keep it
            </Button>
            <Button color="red" loading={busy} onClick={revoke}>
              Revoke Authorization
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
