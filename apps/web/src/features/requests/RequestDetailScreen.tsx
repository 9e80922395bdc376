/**
 * /request/{id}/ (law-firm view): status, request data, client, provider, files (download, upload
 * supporting documents), notes; Edit and Delete only when the server's abilities allow.
 */
import type { RequestDetail } from '@dd/shared';
import { Alert, Badge, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { dataKeys, refreshData } from '../../api/data';
import { useAuth } from '../../auth';
import type { ScreenProps } from '../../ui';
import { Card, ConfirmDeleteButton, Loading, StatusBadge } from '../../ui';
import { CompletenessCard } from '../completeness';
import { FeeApprovalsCard } from '../fee-approvals';
import { RecordsPackageButton, RequestFiles, RequestFileUpload } from '../files';
import { FollowUpsPanel } from '../follow-ups';
import { FirmOutcomeCard } from '../outcomes';
import { RecordsIndexStatus } from '../records-search';
import { SigningCard } from '../signing';
import { deleteRequest, useRequestDetail } from './api';
import { NotesCard } from './NotesCard';
import { ClientCard, ProviderCard, RequestDataCard } from './request-detail-cards';
import { NotFoundState } from './screen-parts';

/** Internal staff work the request in their own screen, loaded only for them. */
const StaffRequestScreen = lazy(() =>
  import('../staff-requests').then((m) => ({ default: m.StaffRequestScreen })),
);

export function RequestDetailScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  const id = Number(params[0]);
  if (user?.abilities.is_internal_staff) {
    return (
      <Suspense fallback={<Loading />}>
        <StaffRequestScreen id={id} />
      </Suspense>
    );
  }
  return <LawFirmRequestDetail id={id} />;
}

function LawFirmRequestDetail({ id }: { id: number }) {
  const detail = useRequestDetail(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundState what="Request" />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if ((detail.error as { status?: number }).status === 404) return <NotFoundState what="Request" />;
    return (
      <Alert color="red" role="alert" title="The request could not be loaded">
        {detail.error.message}
      </Alert>
    );
  }
  return <RequestDetailView request={detail.data} />;
}

function RequestDetailView({ request }: { request: RequestDetail }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A note or a file can change the request's status, so every list of requests is refreshed with it.
  const refresh = () => refreshData(queryClient, 'requests');
  const { abilities } = request;
  const medical = request.files.filter((f) => !f.supporting_file);
  const supporting = request.files.filter((f) => f.supporting_file);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1}>Request #{request.internal_number}</Title>
            <StatusBadge status={request.status} />
            {request.rush && (
              <Badge color="red" variant="filled" radius="sm">
                Rush
              </Badge>
            )}
          </Group>
          <Text c="dimmed">
            {request.patient.full_name} · {request.provider.name} · {request.patient.company.name}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component={Link}
            to={`/medical_request/${request.id}`}
            variant="default"
            leftSection={<IconPrinter size={18} />}
          >
            Print Request
          </Button>
          {abilities.can_edit && (
            <Button
              component={Link}
              to={`/editRequest/${request.company_id}/${request.id}/`}
              leftSection={<IconEdit size={18} />}
            >
              Edit Request
            </Button>
          )}
          {abilities.can_delete && (
            <ConfirmDeleteButton
              label="Delete Request"
              leftSection={<IconTrash size={18} />}
              message={`Request #${request.internal_number} for ${request.patient.full_name} at ${request.provider.name} will be deleted with its notes and files.`}
              onConfirm={async () => {
                await deleteRequest(request.id);
                queryClient.removeQueries({ queryKey: dataKeys.requestDetail(request.id) });
                await refreshData(queryClient, 'requests');
                navigate('/dashboard/');
              }}
            />
          )}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {!user?.is_internal && <FirmOutcomeCard requestId={request.id} />}
            <FeeApprovalsCard requestId={request.id} canAnswer />
            <RequestDataCard request={request} />
            <CompletenessCard requestId={request.id} canMark={false} />
            <Card title="Files">
              <RecordsPackageButton requestId={request.id} files={medical} />
              <RecordsIndexStatus requestId={request.id} fileCount={medical.length} />
              <RequestFiles
                files={medical}
                title="Medical Documents"
                emptyText="No documents have arrived yet."
                onChanged={refresh}
              />
              <RequestFiles
                files={supporting}
                title="Supporting Documents"
                emptyText="No supporting documents uploaded."
                onChanged={refresh}
              />
              {abilities.can_upload_supporting && (
                <RequestFileUpload
                  requestId={request.id}
                  supporting
                  label="Upload Supporting Document"
                  onUploaded={refresh}
                />
              )}
            </Card>
            <FollowUpsPanel requestId={request.id} canAct={false} />
            <NotesCard
              requestId={request.id}
              notes={request.notes}
              isInternal={Boolean(user?.is_internal)}
              status={request.status}
              onAdded={refresh}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="lg">
            <ClientCard request={request} />
            {!user?.is_internal && <SigningCard request={request} />}
            <ProviderCard request={request} />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
