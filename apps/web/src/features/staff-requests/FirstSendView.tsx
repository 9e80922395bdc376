/**
 * First-send view (staff spec: the request before its first send): the e-mail to send to the provider with
 * Copy buttons, the attachments to download, the provider's address, then 'I've sent the email' or
 * 'Cancel The Request'.
 */
import { type FirstSend, mailtoHref, type RequestDetail } from '@dd/shared';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconMail, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, ConfirmDeleteButton, DetailItem, EmptyState, Loading, PhoneLink } from '../../ui';
import { FilledForms } from '../pdf-forms';
import { AuthorizationChecklist } from './AuthorizationChecklist';
import { cancelRequest, markInitialSent, useFirstSend } from './api';
import { NewProviderNotice } from './NewProviderNotice';
import { DocumentLink, errorMessage } from './parts';

function Copy({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
          aria-label={`Copy ${what}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

function EditProviderLink({ request }: { request: RequestDetail }) {
  return (
    <Anchor component={Link} to={`/editProvider/${request.provider_id}/${request.id}/`}>
      Edit Provider
    </Anchor>
  );
}

function LetterCard({ request, letter }: { request: RequestDetail; letter: FirstSend }) {
  // Null unless the address is one plain address: the link can never carry a hidden cc or bcc.
  const href = mailtoHref(letter.to, { subject: letter.subject, body: letter.text });
  return (
    <Card title="E-mail to send to the provider" actions={<Copy value={letter.text} what="e-mail text" />}>
      <DetailItem label="To">
        {letter.to && !href ? (
          <Text size="sm" c="red.8">
            {letter.to} is not one plain e-mail address, so it is not offered as a link. Correct it before
            sending: <EditProviderLink request={request} />
          </Text>
        ) : href ? (
          <Group gap="xs" wrap="wrap">
            <Anchor href={href}>{letter.to}</Anchor>
            <Button
              component="a"
              href={href}
              size="xs"
              variant="default"
              leftSection={<IconMail size={14} />}
            >
              Open in e-mail app
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="orange.8">
            No e-mail address on file for {request.provider.name}. <EditProviderLink request={request} />
          </Text>
        )}
      </DetailItem>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Subject" value={letter.subject} readOnly style={{ flex: 1 }} />
        <Copy value={letter.subject} what="subject" />
      </Group>
      <Textarea label="Message" value={letter.text} readOnly autosize minRows={12} maxRows={30} />
    </Card>
  );
}

/** A note written before the first send (a firm's question) is shown here, not only in the Details Center. */
function LatestNote({ request }: { request: RequestDetail }) {
  const latest = request.notes.reduce<RequestDetail['notes'][number] | null>(
    (newest, note) => (!newest || note.id > newest.id ? note : newest),
    null,
  );
  if (!latest) return null;
  const more = request.notes.length - 1;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`Latest note, from ${latest.user?.full_name || 'Direct Docs'}`}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {latest.text}
      </Text>
      {more > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {more === 1 ? '1 earlier note' : `${more} earlier notes`} in the Request Details Center.
        </Text>
      )}
    </Alert>
  );
}

export function FirstSendView({
  request,
  onChanged,
  onSkip,
}: {
  request: RequestDetail;
  onChanged: () => void;
  onSkip: () => void;
}) {
  const letter = useFirstSend(request.id);
  const [sending, setSending] = useState(false);

  const sent = async () => {
    setSending(true);
    try {
      await markInitialSent(request.id);
      notifications.show({ color: 'green', message: 'Marked as sent to the provider.' });
      onChanged();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not mark as sent', message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light" title="This request has not been sent to the provider yet">
        <Stack gap="sm">
          <Text size="sm">
            Send the e-mail below to {request.provider.name} with the attachments, then confirm it here.
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button leftSection={<IconSend size={18} />} loading={sending} onClick={sent}>
              I've sent the email
            </Button>
            <ConfirmDeleteButton
              label="Cancel the request"
              keepLabel="Keep the request"
              message={`Request #${request.internal_number} for ${request.patient.full_name} at ${request.provider.name} will be cancelled, and the requester will be told by e-mail.`}
              onConfirm={async () => {
                await cancelRequest(request.id);
                onChanged();
              }}
            >
              Cancel The Request
            </ConfirmDeleteButton>
            <Button variant="subtle" onClick={onSkip}>
              Go To Request Details Center
            </Button>
          </Group>
        </Stack>
      </Alert>
      <LatestNote request={request} />
      {letter.data?.new_provider && <NewProviderNotice request={request} onVerified={onChanged} />}
      <AuthorizationChecklist requestId={request.id} />
      {letter.isPending && <Loading label="Loading the e-mail" />}
      {letter.isError && (
        <Alert color="red" role="alert" title="The e-mail could not be prepared">
          {letter.error.message}
        </Alert>
      )}
      {letter.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <LetterCard request={request} letter={letter.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Card title="Attachments">
                {letter.data.attachments.length === 0 ? (
                  <EmptyState text="No forms on file for this request." />
                ) : (
                  letter.data.attachments.map((attachment) => (
                    <Group key={attachment.url} justify="space-between" gap="sm" wrap="nowrap">
                      <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                        {attachment.label}
                      </Text>
                      <div style={{ flexShrink: 0 }}>
                        <DocumentLink url={attachment.url} />
                      </div>
                    </Group>
                  ))
                )}
              </Card>
              <FilledForms requestId={request.id} />
              <Card title="Other ways to reach the provider">
                <DetailItem label="Phone">
                  {request.provider.phone && <PhoneLink phone={request.provider.phone} />}
                </DetailItem>
                <DetailItem label="Fax">{request.provider.fax}</DetailItem>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
