/**
 * Registering a webhook endpoint: its address and the events as checkboxes, checked against the route's
 * schema; the signing secret the server answers is shown once, with a copy button and the warning that it
 * will not be shown again.
 */
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  type WebhookCreate,
  type WebhookCreated,
  WebhookCreateSchema,
  type WebhookEvent,
} from '@dd/shared';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { Form, TextField, useFormField } from '../../ui';
import { createWebhook } from './api';

function EventsField() {
  const field = useFormField<WebhookEvent[]>('events', { label: 'Events', defaultValue: [] });
  return (
    <Checkbox.Group
      id={field.id}
      label="Events"
      description="What Direct Docs tells this endpoint about. Payloads carry ids, statuses and API links, never a client's details or files."
      value={field.value ?? []}
      onChange={(value) => field.setValue(value as WebhookEvent[])}
      error={field.error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            value={event}
            label={`${WEBHOOK_EVENT_LABELS[event].label} (${event})`}
            description={WEBHOOK_EVENT_LABELS[event].help}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function NewWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4" mb="sm">
        Add an endpoint
      </Title>
      <Form<WebhookCreate, WebhookCreated>
        aria-label="Add a webhook endpoint"
        schema={WebhookCreateSchema}
        onSubmit={(values) => createWebhook(values)}
        onSuccess={onCreated}
        resetOnSuccess
        submitLabel="Add Endpoint"
      >
        <TextField
          name="url"
          label="Endpoint URL"
          required
          maxLength={2000}
          placeholder="https://example.com/hooks/direct-docs"
          description="An https:// address on the public internet that answers each delivery with a 2xx status within 10 seconds."
        />
        <EventsField />
      </Form>
    </Paper>
  );
}

export function CreatedSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Your endpoint's signing secret"
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{WEBHOOK_MSG.created}</Text>
        <Code block data-testid="new-webhook-secret" style={{ wordBreak: 'break-all' }}>
          {created.secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.secret} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy Secret'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            I Have Saved It
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
