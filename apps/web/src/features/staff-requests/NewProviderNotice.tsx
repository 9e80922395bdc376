/**
 * 'New provider: verify contact details': a provider a law firm added has not been checked by
 * staff, and its e-mail address receives the client's health details. Staff confirm it here (or correct
 * it first through Edit Provider); confirming clears the notice on every request for that provider.
 */
import { PROVIDER_NEW_NOTICE, PROVIDER_VERIFIED_MESSAGE, type RequestDetail } from '@dd/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconEdit, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { verifyProvider } from './api';
import { errorMessage } from './parts';

export function NewProviderNotice({
  request,
  onVerified,
}: {
  request: RequestDetail;
  onVerified: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await verifyProvider(request.provider_id);
      notifications.show({ color: 'green', message: PROVIDER_VERIFIED_MESSAGE });
      onVerified();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not confirm the provider',
        message: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={PROVIDER_NEW_NOTICE}>
      <Stack gap="sm">
        <Text size="sm">
          A law firm added {request.provider.name}. Check its e-mail address, phone and fax with the provider
          before sending it anything about the client.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button size="xs" leftSection={<IconShieldCheck size={16} />} loading={busy} onClick={confirm}>
            Confirm Contact Details
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/editProvider/${request.provider_id}/${request.id}/`}
            leftSection={<IconEdit size={16} />}
          >
            Edit Provider
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
