/**
 * The provider's charge checked against the legal cap (docs/fees.md): within, over (with the statute, the
 * overcharge and a ready dispute letter staff can copy or keep as a note on the request) or no rule, and
 * a warning when the pages billed differ from the pages delivered to the firm.
 */
import { FEE_VERDICT_TITLES, feeVerdictSentence, type RequestFeeCheck } from '@dd/shared';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { addStaffNote } from './api';
import { errorMessage } from './parts';

export function FeeCheckPanel({
  requestId,
  check,
  billedPages,
  onNoted,
}: {
  requestId: number;
  check: RequestFeeCheck;
  billedPages: number | null;
  onNoted: () => void;
}) {
  return (
    <Stack gap="sm">
      <Verdict requestId={requestId} check={check} onNoted={onNoted} />
      {check.delivered_pages !== null && billedPages !== null && check.delivered_pages !== billedPages && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Pages do not match"
        >
          The provider billed {billedPages} pages; the PDFs delivered to the law firm have{' '}
          {check.delivered_pages}.
        </Alert>
      )}
    </Stack>
  );
}

const VERDICT_LOOKS = {
  within: { color: 'teal', icon: <IconCircleCheck size={18} /> },
  over: { color: 'red', icon: <IconAlertTriangle size={18} /> },
  no_rule: { color: 'gray', icon: <IconInfoCircle size={18} /> },
} as const;

function Verdict({
  requestId,
  check,
  onNoted,
}: {
  requestId: number;
  check: RequestFeeCheck;
  onNoted: () => void;
}) {
  const look = VERDICT_LOOKS[check.verdict];
  return (
    <Alert color={look.color} variant="light" icon={look.icon} title={FEE_VERDICT_TITLES[check.verdict]}>
      <Stack gap="xs">
        <Text size="sm">
          {feeVerdictSentence(check)}
          {check.verdict === 'no_rule' && ' Check the charge by hand.'}
        </Text>
        {check.verdict === 'over' && check.dispute_letter && (
          <DisputeLetter requestId={requestId} letter={check.dispute_letter} onNoted={onNoted} />
        )}
      </Stack>
    </Alert>
  );
}

function DisputeLetter({
  requestId,
  letter,
  onNoted,
}: {
  requestId: number;
  letter: string;
  onNoted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const keep = async () => {
    setBusy(true);
    try {
      await addStaffNote({ request: requestId, text: letter });
      notifications.show({ color: 'green', message: 'Dispute letter added to the notes.' });
      setOpen(false);
      onNoted();
    } catch (error) {
      notifications.show({ color: 'red', title: 'The letter was not added', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconScale size={14} />}
          onClick={() => setOpen(true)}
        >
          Dispute letter
        </Button>
      </Group>
      <Modal opened={open} onClose={() => !busy && setOpen(false)} title="Fee dispute letter" size="lg">
        <Stack>
          <Textarea label="Letter to the provider" value={letter} readOnly autosize minRows={8} />
          <Text size="xs" c="dimmed">
            The text comes from the 'Fee dispute' note template; edit the template to change it.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={letter}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button loading={busy} onClick={keep}>
              Add as note
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
