/**
 * The firm's form to send a client a HIPAA authorization to sign, pre-filled from the client and the
 * request, or from the order form before the requests exist (then it names the providers chosen).
 */
import { parseUsDate, SIGNING_LINK_DAYS, SIGNING_MSG } from '@dd/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { sendSigningLink, signingKeys } from './api';

const DEFAULT_PURPOSE = 'At the request of my attorneys, for my legal claim.';

/** A request's dates come as YYYY-MM-DD or MM/DD/YYYY; a date box wants the first. */
const isoDateOf = (value: string | null | undefined) =>
  !value ? '' : /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : (parseUsDate(value) ?? '');

export interface SigningTarget {
  patientId: number;
  clientName: string;
  email: string | null;
  /** The request the link is sent from; null on the order form. */
  request: { id: number; providerName: string; providerId: number } | null;
  /** The providers the authorization names when it is not attached to a request. */
  providerIds: number[];
  recordTypes: string[];
  startDate: string | null;
  endDate: string | null;
}

export function SendSigningModal(props: { target: SigningTarget; opened: boolean; onClose: () => void }) {
  const { target } = props;
  const { request } = target;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(target.email ?? '');
  const [types, setTypes] = useState<string[]>(target.recordTypes);
  const [from, setFrom] = useState(isoDateOf(target.startDate));
  const [to, setTo] = useState(isoDateOf(target.endDate));
  const [purpose, setPurpose] = useState(DEFAULT_PURPOSE);
  const [expiration, setExpiration] = useState('');
  const [thisRequest, setThisRequest] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Opened from the order form, this form's submit would bubble (through the portal) to the order's.
    e.stopPropagation();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const attach = request !== null && thisRequest;
      await sendSigningLink(target.patientId, {
        request_ids: attach ? [request.id] : [],
        provider_ids: attach ? [] : request ? [request.providerId] : target.providerIds,
        record_types: types,
        dates_from: from || null,
        dates_to: to || null,
        purpose,
        email,
        expiration: expiration || null,
      });
      notifications.show({ color: 'teal', message: `${SIGNING_MSG.sentNotice} It went to ${email}.` });
      await queryClient.invalidateQueries({ queryKey: signingKeys.list(target.patientId) });
      props.onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The link could not be sent.');
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Send signing link" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {target.clientName} gets an e-mail with a link that works once, for {SIGNING_LINK_DAYS} days. They
            confirm their date of birth, read the authorization and sign it on their phone.
          </Text>
          <TextInput
            label="Client's e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fields.email}
            required
          />
          {request ? (
            <Checkbox
              checked={thisRequest}
              onChange={(e) => setThisRequest(e.currentTarget.checked)}
              label={`Attach it to this request (${request.providerName})`}
            />
          ) : (
            <Text size="sm">
              Once signed, it becomes the HIPAA form of the requests you submit to these providers.
            </Text>
          )}
          <TagsInput
            label="Records to release"
            value={types}
            onChange={setTypes}
            error={fields.record_types}
            description="Press Enter after each type."
            required
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Dates of service from"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={fields.dates_from}
            />
            <TextInput
              type="date"
              label="to"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={fields.dates_to}
            />
          </Group>
          <Textarea
            label="Purpose"
            value={purpose}
            onChange={(e) => setPurpose(e.currentTarget.value)}
            error={fields.purpose}
            autosize
            minRows={2}
            required
          />
          <TextInput
            type="date"
            label="Authorization expires on"
            description="Leave empty for one year after the client signs."
            value={expiration}
            onChange={(e) => setExpiration(e.currentTarget.value)}
            error={fields.expiration}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
