import {
  type CurrentUser,
  DEADLINE_DIGEST_MSG,
  type DeadlineDigestBody,
  DUE_SOON_BUSINESS_DAYS,
} from '@dd/shared';
import { Card, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, post } from '../../api/client';
import { CURRENT_USER_KEY } from '../../auth';

/**
 * A firm user's own choice of the weekly deadline e-mail: every Monday morning, the firm's requests past
 * the provider's legal deadline or due soon, with what Direct Docs staff last did about each.
 */
export function DeadlineDigestSetting({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const change = async (wanted: boolean) => {
    setSaving(true);
    setMessage(null);
    try {
      const result = await post<DeadlineDigestBody>('/users/deadline_digest/', {
        weekly_deadline_digest: wanted,
      });
      setChecked(result.weekly_deadline_digest);
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, weekly_deadline_digest: result.weekly_deadline_digest } : user,
      );
      setMessage({ text: result.weekly_deadline_digest ? DEADLINE_DIGEST_MSG.on : DEADLINE_DIGEST_MSG.off });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : String(error), error: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" maw={480} component="section" aria-labelledby="digest-title">
      <Title order={2} size="h4" id="digest-title">
        Weekly deadline e-mail
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every Monday morning: your firm’s open requests past the provider’s legal deadline or due within{' '}
        {DUE_SOON_BUSINESS_DAYS} business days, with what Direct Docs staff last did about each.
      </Text>
      <Switch
        label="Weekly deadline e-mail"
        checked={checked}
        disabled={saving}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Text size="sm" c={message?.error ? 'red.7' : 'green.9'} role="status" aria-live="polite" mt="xs">
        {message?.text ?? ''}
      </Text>
    </Card>
  );
}
