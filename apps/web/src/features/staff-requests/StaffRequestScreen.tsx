/**
 * /request/{id}/ for internal staff: today's reminders on top, then the first-send view while the request
 * waits for its first e-mail to the provider (the server's `first_send_due`: a firm's question before the
 * first send leaves it due), otherwise the Request Details Center.
 */
import type { RequestDetail } from '@dd/shared';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Loading, StatusBadge } from '../../ui';
import { AuthorizationExpiryFlag } from '../signing';
import { useStaffRequest } from './api';
import { DetailsCenter } from './DetailsCenter';
import { FirstSendView } from './FirstSendView';
import { NotFoundState } from './parts';
import { ReminderBanner } from './ReminderBanner';

export const needsFirstSend = (request: Pick<RequestDetail, 'first_send_due'>) =>
  request.first_send_due === true;

export function StaffRequestScreen({ id }: { id: number }) {
  const detail = useStaffRequest(id);
  const queryClient = useQueryClient();
  const [skipFirstSend, setSkipFirstSend] = useState(false);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundState />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if ((detail.error as { status?: number }).status === 404) return <NotFoundState />;
    return (
      <Alert color="red" role="alert" title="The request could not be loaded">
        {detail.error.message}
      </Alert>
    );
  }
  const request = detail.data;
  // Staff actions change the request's status, dates and files: every list showing requests refreshes.
  const refresh = () => refreshData(queryClient, 'requests');
  const firstSend = !skipFirstSend && needsFirstSend(request);

  return (
    <Stack gap="lg">
      <ReminderBanner notes={request.notes} onEnded={refresh} />
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1}>{firstSend ? 'Send The Request' : 'Request Details Center'}</Title>
          <StatusBadge status={request.status} />
          {request.rush && (
            <Badge color="red" variant="filled" radius="sm">
              Rush
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          Request #{request.internal_number} · {request.patient.full_name} · {request.provider.name} ·{' '}
          {request.patient.company.name}
        </Text>
      </Stack>
      <AuthorizationExpiryFlag requestId={request.id} />
      {firstSend ? (
        <FirstSendView request={request} onChanged={refresh} onSkip={() => setSkipFirstSend(true)} />
      ) : (
        <DetailsCenter request={request} onChanged={refresh} />
      )}
    </Stack>
  );
}
