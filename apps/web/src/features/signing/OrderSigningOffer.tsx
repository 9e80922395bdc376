/**
 * On the order form: a request made on the client's authorization with no HIPAA form cannot be sent to the
 * providers, so the firm is told so and offered a signing link for the providers chosen (the signed form
 * then becomes the form of the requests submitted to them).
 */
import { type LegalBasis, SIGNING_MSG } from '@dd/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormValue } from '../../ui';
import { useClient } from '../clients';
import { SendSigningModal } from './SendSigningModal';

export function OrderSigningOffer() {
  const [patientId] = useFormValue<number | null>('patient');
  const [hipaa] = useFormValue<string>('hipaa_consent_url');
  const [basis] = useFormValue<LegalBasis | null>('legal_basis');
  const [providerIds] = useFormValue<number[]>('provider');
  const [types] = useFormValue<string[]>('request_type');
  const [startDate] = useFormValue<string>('start_date');
  const [endDate] = useFormValue<string>('end_date');
  const client = useClient(patientId ?? null);
  const [sending, setSending] = useState(false);
  if (!patientId || hipaa || basis !== 'authorization') return null;
  const providers = providerIds ?? [];
  return (
    <Alert color="yellow" title={SIGNING_MSG.noAuthorizationTitle}>
      <Text size="sm">{SIGNING_MSG.noAuthorizationOnOrder}</Text>
      <Group mt="sm" gap="sm">
        <Button
          size="xs"
          leftSection={<IconSignature size={16} />}
          disabled={providers.length === 0 || !client.data}
          onClick={() => setSending(true)}
        >
          Send signing link
        </Button>
        {providers.length === 0 && (
          <Text size="xs" c="dimmed">
            Choose the providers first: the authorization names them.
          </Text>
        )}
      </Group>
      {sending && client.data && (
        <SendSigningModal
          opened
          onClose={() => setSending(false)}
          target={{
            patientId,
            clientName: client.data.full_name,
            email: client.data.email,
            request: null,
            providerIds: providers,
            recordTypes: types ?? [],
            startDate: startDate || null,
            endDate: endDate || null,
          }}
        />
      )}
    </Alert>
  );
}
