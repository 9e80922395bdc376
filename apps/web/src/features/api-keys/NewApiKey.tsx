/**
 * Creating an API key: a name and the scopes as checkboxes, checked against the route's schema; the key
 * the server answers is shown once, with a copy button and the warning that it will not be shown again.
 */
import {
  API_KEY_MSG,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyCreate,
  type ApiKeyCreated,
  ApiKeyCreateSchema,
  type ApiKeyScope,
} from '@dd/shared';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { Form, TextField, useFormField } from '../../ui';
import { createApiKey } from './api';

function ScopesField() {
  const field = useFormField<ApiKeyScope[]>('scopes', { label: 'Scopes', defaultValue: [] });
  return (
    <Checkbox.Group
      id={field.id}
      label="Scopes"
      description="What systems using this key may do. Keys never reach your firm's users, billing or keys."
      value={field.value ?? []}
      onChange={(value) => field.setValue(value as ApiKeyScope[])}
      error={field.error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            value={scope}
            label={API_KEY_SCOPE_LABELS[scope].label}
            description={API_KEY_SCOPE_LABELS[scope].help}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function NewApiKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} size="h4" mb="sm">
        Create a key
      </Title>
      <Form<ApiKeyCreate, ApiKeyCreated>
        aria-label="Create an API key"
        schema={ApiKeyCreateSchema}
        onSubmit={(values) => createApiKey(values)}
        onSuccess={onCreated}
        resetOnSuccess
        submitLabel="Create Key"
      >
        <TextField
          name="name"
          label="Name"
          required
          maxLength={100}
          placeholder="e.g. Clio integration"
          description="Say which system uses it, so you know what stops working if you revoke it."
        />
        <ScopesField />
      </Form>
    </Paper>
  );
}

export function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Your new API key"
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{API_KEY_MSG.created}</Text>
        <Code block data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
          {created.key}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.key} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy Key'}
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
