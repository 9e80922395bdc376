/**
 * The provider's outcome, for staff on the Request Details Center (decision 058): mark 'No Records Found'
 * or 'Request Rejected' with its reason; for no records, download the certification for the provider to
 * sign and upload the signed copy, which is delivered to the firm; for a rejection, resend it in one click
 * once the authorization or the provider is corrected.
 */
import {
  formatDate,
  isOpenStatus,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type RejectionReason,
  type RequestOutcome,
  type RequestStatus,
  STATUS,
} from '@dd/shared';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileOff, IconRefresh, IconSend, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card, Loading } from '../../ui';
import {
  deliverCertification,
  downloadCertificationForm,
  markNoRecords,
  rejectRequest,
  resendRequest,
  useOutcome,
} from './api';

type Dialog = 'noRecords' | 'reject' | 'resend' | null;

function useRun(onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<{ success: string }>) {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      notifications.show({ color: 'green', message: result.success });
      onDone();
      await refreshData(queryClient, 'requests');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run, clearError: () => setError(null) };
}

export function StaffOutcomeCard({ requestId, status }: { requestId: number; status: RequestStatus }) {
  const outcome = useOutcome(requestId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const { busy, error, run, clearError } = useRun(() => {
    setDialog(null);
    setNote('');
    setReason(null);
  });
  const open = (d: Dialog) => {
    clearError();
    setDialog(d);
  };
  const rejected = status === STATUS.requestRejected;
  const noRecords = status === STATUS.noRecordsFound;
  if (!rejected && !noRecords && !isOpenStatus(status)) return null;

  return (
    <Card title="Provider Outcome">
      {outcome.isPending && <Loading label="Loading the provider outcome" />}
      {outcome.isError && (
        <Alert color="red" role="alert">
          {outcome.error.message}
        </Alert>
      )}
      {!rejected && !noRecords && (
        <>
          <Text size="sm" c="dimmed">
            When the provider has nothing to send: it certifies it holds no records, or it rejects the
            request.
          </Text>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconFileOff size={18} />} onClick={() => open('noRecords')}>
              No Records Found
            </Button>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconX size={18} />}
              onClick={() => open('reject')}
            >
              Request Rejected
            </Button>
          </Group>
        </>
      )}
      {rejected && outcome.data?.rejection && (
        <RejectionFacts rejection={outcome.data.rejection} onResend={() => open('resend')} />
      )}
      {noRecords && outcome.data && <Certification requestId={requestId} outcome={outcome.data} />}

      <Modal
        opened={dialog === 'noRecords'}
        onClose={() => !busy && setDialog(null)}
        title="No records found?"
      >
        <Stack>
          <Text size="sm">
            The request is finished as 'No Records Found' and the law firm is told. Then send the provider the
            certification of no records to sign.
          </Text>
          <NoteField value={note} onChange={setNote} />
          <DialogError error={error} />
          <DialogButtons
            busy={busy}
            label="Mark No Records Found"
            onCancel={() => setDialog(null)}
            onConfirm={() => run(() => markNoRecords(requestId, note))}
          />
        </Stack>
      </Modal>
      <Modal opened={dialog === 'reject'} onClose={() => !busy && setDialog(null)} title="Request rejected">
        <Stack>
          <Select
            label="Why did the provider reject it?"
            placeholder="Choose a reason"
            required
            data={REJECTION_REASONS.map((r) => ({ value: r, label: REJECTION_REASON_LABELS[r] }))}
            value={reason}
            onChange={(v) => setReason(v as RejectionReason | null)}
            comboboxProps={{ withinPortal: false }}
          />
          <NoteField value={note} onChange={setNote} />
          <DialogError error={error} />
          <DialogButtons
            busy={busy}
            label="Mark Request Rejected"
            disabled={!reason}
            onCancel={() => setDialog(null)}
            onConfirm={() => reason && run(() => rejectRequest(requestId, { reason, note }))}
          />
        </Stack>
      </Modal>
      <Modal
        opened={dialog === 'resend'}
        onClose={() => !busy && setDialog(null)}
        title="Send the request again?"
      >
        <Stack>
          <Text size="sm">
            The request goes back to be sent to the provider, with a note of what was corrected. Its legal
            deadline starts again with the new send.
          </Text>
          <NoteField value={note} onChange={setNote} label="What was corrected (optional)" />
          <DialogError error={error} />
          <DialogButtons
            busy={busy}
            label="Resend"
            onCancel={() => setDialog(null)}
            onConfirm={() => run(() => resendRequest(requestId, note))}
          />
        </Stack>
      </Modal>
    </Card>
  );
}

function RejectionFacts({
  rejection,
  onResend,
}: {
  rejection: NonNullable<RequestOutcome['rejection']>;
  onResend: () => void;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Rejected: {rejection.label}
      </Text>
      {rejection.note && <Text size="sm">{rejection.note}</Text>}
      <Text size="sm" c="dimmed">
        {rejection.fix} Rejected on {formatDate(rejection.rejected_at)}; the legal clock is paused.
      </Text>
      <Group>
        <Button leftSection={<IconRefresh size={18} />} onClick={onResend}>
          Resend
        </Button>
      </Group>
    </Stack>
  );
}

function Certification({ requestId, outcome }: { requestId: number; outcome: RequestOutcome }) {
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { busy, error, run } = useRun(() => setFile(null));
  const delivered = outcome.certification;
  return (
    <Stack gap="sm">
      <Text size="sm">
        No Records Found. Send the provider the certification of no records to sign, then upload the signed
        copy: it is delivered to the law firm with the request’s files.
      </Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadCertificationForm(requestId);
            } finally {
              setDownloading(false);
            }
          }}
        >
          Download Certification to Sign
        </Button>
      </Group>
      {delivered && (
        <Text size="sm" c="teal.8">
          Signed certification delivered to the law firm on {formatDate(delivered.delivered_at)}:{' '}
          {delivered.name}
        </Text>
      )}
      <Group align="flex-end" gap="sm">
        <FileInput
          label={delivered ? 'Upload a corrected signed copy' : 'Signed certification'}
          accept="application/pdf"
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={setFile}
          clearable
          style={{ flex: 1 }}
        />
        <Button
          leftSection={<IconSend size={18} />}
          disabled={!file}
          loading={busy}
          onClick={() => file && run(() => deliverCertification(requestId, file))}
        >
          Deliver to Law Firm
        </Button>
      </Group>
      <DialogError error={error} />
    </Stack>
  );
}

function NoteField({
  value,
  onChange,
  label = 'Note (optional)',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={2000}
      autosize
      minRows={2}
    />
  );
}

function DialogError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}

function DialogButtons(props: {
  busy: boolean;
  label: string;
  disabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
        Go Back
      </Button>
      <Button loading={props.busy} disabled={props.disabled} onClick={props.onConfirm}>
        {props.label}
      </Button>
    </Group>
  );
}
