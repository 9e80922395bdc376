import { type Billing, formatMoney, PAYMENT_MSG } from '@dd/shared';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSiteSettings } from '../../api/settings';
import { PaymentForm } from '../../ui';
import { billingKeys, getBilling, payBillingByCard } from './api';

/**
 * A firm's staff pay an open billing by card. The provider charges the card (after the bank's own
 * confirmation in the card dialog, for a card that needs 3-D Secure); the billing turns Paid
 * when the provider's signed confirmation reaches the server, so the button waits for it, checking the
 * billing every two seconds, and then refreshes the list.
 */
export function PayByCardButton({ billing }: { billing: Billing }) {
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  const settings = useSiteSettings();
  const queryClient = useQueryClient();
  const confirmation = useQuery({
    queryKey: billingKeys.billing(billing.id),
    queryFn: ({ signal }) => getBilling(billing.id, signal),
    enabled: sent,
    refetchInterval: (query) => (query.state.data?.is_paid ? false : 2000),
  });
  const paid = Boolean(confirmation.data?.is_paid);
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  }, [paid, queryClient]);

  if (sent) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        color="green"
        loading
        aria-label={`Confirming the payment of ${billing.title}`}
      >
        Confirming
      </Button>
    );
  }
  return (
    <>
      <Button
        size="compact-sm"
        color="green"
        leftSection={<IconCreditCard size={14} />}
        onClick={() => setOpened(true)}
        aria-label={`Pay ${billing.title} by card`}
      >
        Pay
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Pay by card">
        <Stack gap="md">
          <div>
            <Text fw={600}>{billing.title}</Text>
            <Text size="sm" c="dimmed">
              {billing.lines} {billing.lines === 1 ? 'request' : 'requests'} · total{' '}
              {formatMoney(billing.total)}
            </Text>
          </div>
          {settings.isPending ? null : (
            <PaymentForm
              settings={settings.data?.payments ?? null}
              submitLabel={`Pay ${formatMoney(billing.total)}`}
              onToken={(token) => payBillingByCard(billing.id, token)}
              onPaid={() => {
                setOpened(false);
                setSent(true);
                notifications.show({ color: 'green', message: PAYMENT_MSG.confirming });
              }}
            />
          )}
          <Text size="xs" c="dimmed">
            {PAYMENT_MSG.paidOnceConfirmed}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
