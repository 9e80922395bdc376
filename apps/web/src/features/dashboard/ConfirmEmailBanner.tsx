import { CONFIRM_MSG } from '@dd/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { post } from '../../api/client';

/**
 * Shown on the dashboard of a new sign-up until it opens its confirmation link: ordering and inviting
 * wait for it (the server answers 403 until then), and the link can be sent again.
 */
type Sent = { ok: boolean; message: string };

export function ConfirmEmailBanner({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const resend = async () => {
    setSending(true);
    setSent(null);
    try {
      const res = await post<{ success: string }>('/users/confirmEmail/resend/');
      setSent({ ok: true, message: res.success ?? CONFIRM_MSG.sent });
    } catch (error) {
      setSent({ ok: false, message: error instanceof Error ? error.message : 'The link could not be sent.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      title="Confirm your e-mail address"
      icon={<IconMailExclamation size={20} />}
      // A standing notice named by its title, not an interruption; the resend result is the live part.
      role="region"
      data-print-hide
    >
      <Text size="sm">
        Confirm your e-mail address to order records and invite your team: open the link we sent to{' '}
        <Text span fw={600} inherit>
          {email}
        </Text>
        .
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" variant="default" loading={sending} onClick={resend}>
          Send the link again
        </Button>
        <Text size="sm" c={sent?.ok ? 'green.9' : 'red.8'} role="status" aria-live="polite">
          {sent?.message}
        </Text>
      </Group>
    </Alert>
  );
}
