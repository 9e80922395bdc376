import {
  type CurrentUser,
  TIME_ZONE_MSG,
  type TimeZoneBody,
  TimeZoneBodySchema,
  timeZoneOptions,
} from '@dd/shared';
import { Card, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { post } from '../../api/client';
import { storeTimezone } from '../../api/session';
import { CURRENT_USER_KEY } from '../../auth';
import { Form, SelectField } from '../../ui';

/**
 * The signed-in user's own time zone: stored from the browser at sign-in, changed here.
 * Reminders, the to-do list and date windows count 'today' in it. The choice is checked with the route's
 * own TimeZoneBodySchema before it is sent.
 */
export function TimeZoneSetting({ timezone }: { timezone: string }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const options = useMemo(() => {
    const zones = timeZoneOptions();
    return (zones.includes(timezone) ? zones : [timezone, ...zones]).map((z) => ({ text: z, value: z }));
  }, [timezone]);

  return (
    <Card withBorder radius="md" padding="md" maw={480} component="section" aria-labelledby="time-zone-title">
      <Title order={2} size="h4" id="time-zone-title">
        Your time zone
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Reminders and the to-do list count “today” in this zone.
      </Text>
      <Form<TimeZoneBody, { timezone: string }>
        aria-label="Time zone"
        schema={TimeZoneBodySchema}
        submitLabel="Save time zone"
        initialValues={{ timezone }}
        onSubmit={async (values) => {
          setSaved(false);
          return post<{ timezone: string }>('/users/timezone/', { timezone: values.timezone });
        }}
        onSuccess={(result) => {
          storeTimezone(result.timezone);
          queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, (user) =>
            user ? { ...user, timezone: result.timezone } : user,
          );
          setSaved(true);
        }}
      >
        <SelectField<string> name="timezone" label="Time zone" options={options} required clearable={false} />
      </Form>
      <Text size="sm" c="green.9" role="status" aria-live="polite" mt="xs">
        {saved ? TIME_ZONE_MSG.saved : ''}
      </Text>
    </Card>
  );
}
