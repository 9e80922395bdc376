/**
 * /editRequest/{company_id}/ (Submit A Request) and /editRequest/{company_id}/{request_id}/ (Edit
 * Request). After a submit the same route shows how many providers were submitted.
 */
import { MSG, requestsSubmittedMessage, STATUS } from '@dd/shared';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { refreshData } from '../../api/data';
import { useSiteSettings } from '../../api/settings';
import { useAuth } from '../../auth';
import type { ScreenProps } from '../../ui';
import { Loading, VideoButton } from '../../ui';
import { useRequestDetail } from './api';
import { RequestForm } from './RequestForm';
import { NotFoundState, ScreenHeading } from './screen-parts';

export function EditRequestScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  const companyId = Number(params[0]);
  const requestId = params[1] ? Number(params[1]) : null;
  if (!user) return null;
  if (!Number.isInteger(companyId) || companyId <= 0) return <NotFoundState what="Law firm" />;
  if (!user.is_internal && companyId !== user.company_id) {
    return (
      <NotFoundState what="Law firm">
        <Button component={Link} to={`/editRequest/${user.company_id}/`}>
          Submit A Request for {user.company_name}
        </Button>
      </NotFoundState>
    );
  }
  return requestId ? <EditExisting id={requestId} /> : <CreateRequests companyId={companyId} />;
}

function CreateRequests({ companyId }: { companyId: number }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const settings = useSiteSettings();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={1100}>
      <ScreenHeading
        title="Submit A Request"
        subtitle="Choose a client, the providers to contact and the records you need."
        actions={
          settings.data?.request_video_url && (
            <Group>
              <VideoButton url={settings.data.request_video_url} title="How to submit a request" />
            </Group>
          )
        }
      />
      {submitted !== null ? (
        <Paper withBorder radius="lg" p="xl" role="status">
          <Stack align="center" gap="md" py="md">
            <ThemeIcon size={56} radius="xl" color="green" variant="light">
              <IconCircleCheck size={34} />
            </ThemeIcon>
            <Title order={2} size="h3" ta="center">
              {requestsSubmittedMessage(submitted)}
            </Title>
            <Text c="dimmed" ta="center" maw={520}>
              A confirmation e-mail is on its way. Each provider has its own request on your dashboard, where
              you can follow its status.
            </Text>
            <Group justify="center" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setSubmitted(null);
                  setFormKey((k) => k + 1);
                }}
              >
                Submit Another Request
              </Button>
              <Button component={Link} to="/dashboard/">
                Go Back To Dashboard
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <RequestForm
            key={formKey}
            user={user}
            companyId={companyId}
            onCreated={(count) => {
              void refreshData(queryClient, 'requests');
              setSubmitted(count);
              window.scrollTo({ top: 0 });
            }}
            onSaved={() => undefined}
          />
        </Paper>
      )}
    </Stack>
  );
}

function EditExisting({ id }: { id: number }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useRequestDetail(id);
  if (!user) return null;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    const status = (detail.error as { status?: number }).status;
    return status === 404 ? (
      <NotFoundState what="Request" />
    ) : (
      <Alert color="red" role="alert">
        {detail.error.message}
      </Alert>
    );
  }
  const request = detail.data;
  const back = `/request/${request.id}/`;
  return (
    <Stack gap="lg" maw={1100}>
      <ScreenHeading
        title="Edit Request"
        subtitle={`Request #${request.internal_number} for ${request.patient.full_name} at ${request.provider.name}`}
      />
      {request.abilities.can_edit ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <RequestForm
            user={user}
            companyId={request.company_id}
            existing={request}
            onCreated={() => undefined}
            onSaved={() => {
              void refreshData(queryClient, 'requests');
              notifications.show({ color: 'green', message: MSG.saved });
              navigate(back);
            }}
            actions={
              <Button component={Link} to={back} variant="default">
                Cancel
              </Button>
            }
          />
        </Paper>
      ) : (
        <Alert color="yellow" title="This request can no longer be edited">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Requests can be edited only while their status is '{STATUS.requestedByLawyer}'. This one is '
              {request.status}'. Add a note on the request to ask Direct Docs for a change.
            </Text>
            <Button component={Link} to={back} size="xs" variant="light">
              Back to the request
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
