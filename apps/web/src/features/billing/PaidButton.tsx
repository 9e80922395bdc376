import { BILLING_MSG, type Billing } from '@dd/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { billingKeys, setPaid } from './api';

/** Mark paid with a confirmation, or (once paid) mark unpaid with a reason that is logged. */
export function PaidButton({ billing, size = 'sm' }: { billing: Billing; size?: 'sm' | 'compact-sm' }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () =>
      setPaid(billing.id, billing.is_paid ? { is_paid: false, reason: reason.trim() } : { is_paid: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      setOpened(false);
      setReason('');
    },
  });
  const close = () => {
    if (change.isPending) return;
    setOpened(false);
    change.reset();
  };
  const unpaying = billing.is_paid;

  return (
    <>
      <Button
        size={size}
        variant={unpaying ? 'subtle' : 'filled'}
        color={unpaying ? 'gray' : 'green'}
        onClick={() => setOpened(true)}
        aria-label={`${unpaying ? 'Mark unpaid' : 'Mark paid'}: ${billing.title}`}
      >
        {unpaying ? 'Mark unpaid' : 'Mark paid'}
      </Button>
      <Modal opened={opened} onClose={close} title={unpaying ? 'Mark unpaid' : 'Mark paid'}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate();
          }}
        >
          <Stack>
            {unpaying ? (
              <Textarea
                label="Why is this billing no longer paid?"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                required
                minRows={2}
                data-autofocus
              />
            ) : (
              <Text>{BILLING_MSG.confirmPaid}</Text>
            )}
            <Text size="sm" c="dimmed">
              {billing.title} · {billing.company.name}
            </Text>
            {change.isError && <Alert color="red">{change.error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                color={unpaying ? 'red' : 'green'}
                loading={change.isPending}
                disabled={unpaying && !reason.trim()}
              >
                {unpaying ? 'Mark unpaid' : 'Mark paid'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
