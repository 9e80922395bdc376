/**
 * The signed-in user's own notification e-mails (decision 065): for each kind of bell event, whether it
 * also reaches them by e-mail at once, in a daily digest, or never. Checked with the route's own schema.
 */
import {
  NOTIFICATION_EMAIL_CHOICE_LABELS,
  NOTIFICATION_EMAIL_CHOICES,
  NOTIFICATION_EMAIL_KIND_LABELS,
  NOTIFICATION_EMAIL_KINDS,
  NOTIFICATION_EMAIL_MSG,
  type NotificationEmailChoice,
  type NotificationEmailPrefs,
  NotificationEmailPrefsSchema,
} from '@dd/shared';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Loading, SelectField } from '../../ui';
import { notificationEmailKeys, saveNotificationEmails, useNotificationEmails } from './api';

const OPTIONS = NOTIFICATION_EMAIL_CHOICES.map((value) => ({
  value,
  text: NOTIFICATION_EMAIL_CHOICE_LABELS[value],
}));

export function NotificationEmailsSetting() {
  const prefs = useNotificationEmails();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      maw={480}
      component="section"
      aria-labelledby="notification-emails-title"
    >
      <Title order={2} size="h4" id="notification-emails-title">
        {NOTIFICATION_EMAIL_MSG.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {NOTIFICATION_EMAIL_MSG.intro}
      </Text>
      {prefs.isPending ? (
        <Loading label={NOTIFICATION_EMAIL_MSG.loading} />
      ) : prefs.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{prefs.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void prefs.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Form<NotificationEmailPrefs, NotificationEmailPrefs>
          aria-label={NOTIFICATION_EMAIL_MSG.title}
          schema={NotificationEmailPrefsSchema}
          submitLabel={NOTIFICATION_EMAIL_MSG.save}
          initialValues={prefs.data}
          onSubmit={async (values) => {
            setSaved(false);
            return saveNotificationEmails(values);
          }}
          onSuccess={(result) => {
            queryClient.setQueryData(notificationEmailKeys.all, result);
            setSaved(true);
          }}
        >
          {NOTIFICATION_EMAIL_KINDS.map((kind) => (
            <SelectField<NotificationEmailChoice>
              key={kind}
              name={kind}
              label={NOTIFICATION_EMAIL_KIND_LABELS[kind]}
              options={OPTIONS}
              required
              searchable={false}
              clearable={false}
            />
          ))}
        </Form>
      )}
      <Text size="sm" c="green.9" role="status" aria-live="polite" mt="xs">
        {saved ? NOTIFICATION_EMAIL_MSG.saved : ''}
      </Text>
    </Card>
  );
}
