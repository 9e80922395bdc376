/**
 * The provider fees the firm approves (docs/fees.md): a charge, or a payment the provider demands before it
 * releases the records, above the firm's limit waits here with what the law allows for it; the firm's users
 * approve it, or decline it (cancel the request, or have Direct Docs dispute the charge). Answered ones stay listed with who answered and when. Staff read it only.
 */
import {
  FEE_APPROVAL_KIND_LABELS,
  FEE_DECLINE_ACTION_LABELS,
  FEE_DECLINE_ACTIONS,
  type FeeApproval,
  type FeeDeclineAction,
  feeVerdictSentence,
  formatDate,
  formatMoney,
} from '@dd/shared';
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card } from '../../ui';
import { approveFee, declineFee, useFeeApprovals } from './api';

const STATE_BADGES = {
  pending: { color: 'grape', label: 'Waiting for your approval' },
  approved: { color: 'teal', label: 'Approved' },
  declined: { color: 'gray', label: 'Declined' },
} as const;

export function FeeApprovalsCard({ requestId, canAnswer }: { requestId: number; canAnswer: boolean }) {
  const approvals = useFeeApprovals(requestId);
  const list = approvals.data?.results ?? [];
  if (!list.length) return null;
  return (
    <Card title="Provider Fees">
      <Stack gap="md">
        {list.map((a) => (
          <Stack key={a.id} gap={6}>
            <Group justify="space-between" gap="sm">
              <Text fw={600}>
                {FEE_APPROVAL_KIND_LABELS[a.kind]}: {formatMoney(a.amount)}
              </Text>
              <Badge color={STATE_BADGES[a.state].color} variant="light" radius="sm">
                {STATE_BADGES[a.state].label}
              </Badge>
            </Group>
            {a.fee_check && (
              <Text size="sm" c={a.fee_check.verdict === 'over' ? 'red.8' : 'dimmed'}>
                {feeVerdictSentence(a.fee_check)}
              </Text>
            )}
            {a.state === 'pending' ? (
              canAnswer ? (
                <Answer requestId={requestId} approval={a} />
              ) : (
                <Text size="sm" c="dimmed">
                  Asked on {formatDate(a.asked_at)}; the law firm has not answered yet.
                </Text>
              )
            ) : (
              <Text size="sm" c="dimmed">
                {a.state === 'approved' ? 'Approved' : 'Declined'} by {a.decided_by ?? 'a former user'} on{' '}
                {formatDate(a.decided_at)}
                {a.decline_action ? `: ${FEE_DECLINE_ACTION_LABELS[a.decline_action].toLowerCase()}` : ''}.
                {a.decline_reason ? ` Reason: ${a.decline_reason}` : ''}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function Answer({ requestId, approval }: { requestId: number; approval: FeeApproval }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [action, setAction] = useState<FeeDeclineAction>('dispute');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function answer(run: () => Promise<{ success: string }>) {
    setBusy(true);
    setError(null);
    try {
      const result = await run();
      notifications.show({ color: 'green', message: result.success });
      setDeclining(false);
      await refreshData(queryClient, 'requests');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Text size="sm">
        {approval.kind === 'prepayment'
          ? 'The provider will not release the records until it is paid, and the amount is above your firm’s approval limit.'
          : 'This charge is above your firm’s approval limit.'}{' '}
        The provider's legal deadline is paused until you answer.
      </Text>
      {error && !declining && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={16} />}
          loading={busy && !declining}
          onClick={() => answer(() => approveFee(requestId, approval.id))}
        >
          Approve {formatMoney(approval.amount)}
        </Button>
        <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setDeclining(true)}>
          Decline
        </Button>
      </Group>
      <Modal opened={declining} onClose={() => !busy && setDeclining(false)} title="Decline this fee?">
        <Stack>
          <Radio.Group
            label="What should happen instead?"
            value={action}
            onChange={(v) => setAction(v as FeeDeclineAction)}
          >
            <Stack gap="xs" mt="xs">
              {FEE_DECLINE_ACTIONS.map((a) => (
                <Radio key={a} value={a} label={FEE_DECLINE_ACTION_LABELS[a]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)} disabled={busy}>
              Keep It Waiting
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => answer(() => declineFee(requestId, approval.id, { action, reason }))}
            >
              Decline Fee
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
