/**
 * The Request Details Center: actions; archive state and the tracking form; law firm, contact, status and
 * follow-up date; the follow-ups to the provider; then client, provider and request data, the documents, the note form and all notes.
 */
import type { RequestDetail } from '@dd/shared';
import { Alert, Divider, Grid, SimpleGrid, Stack } from '@mantine/core';
import { Card, Loading } from '../../ui';
import { CompletenessCard } from '../completeness';
import { FeeApprovalsCard } from '../fee-approvals';
import { RecordsPackageButton, RequestFiles, RequestFileUpload } from '../files';
import { FollowUpsPanel } from '../follow-ups';
import { StaffOutcomeCard } from '../outcomes';
import { RecordsIndexStatus } from '../records-search';
import { useStaffInfo } from './api';
import { ActionsCard, FirmCard } from './center-columns';
import { NewProviderNotice } from './NewProviderNotice';
import { NotesTable } from './NotesTable';
import { ClientCard, ProviderCard, RequestDataCard } from './request-cards';
import { StaffNoteForm } from './StaffNoteForm';
import { TrackingCard } from './TrackingCard';

export function DetailsCenter({ request, onChanged }: { request: RequestDetail; onChanged: () => void }) {
  const info = useStaffInfo(request.id);
  const medical = request.files.filter((f) => !f.supporting_file);
  const supporting = request.files.filter((f) => f.supporting_file);
  return (
    <Stack gap="lg">
      {info.data?.new_provider && <NewProviderNotice request={request} onVerified={onChanged} />}
      {info.isError && (
        <Alert color="red" role="alert" title="Some details could not be loaded">
          {info.error.message}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <ActionsCard request={request} info={info.data} infoFailed={info.isError} onChanged={onChanged} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          {info.data ? (
            <TrackingCard requestId={request.id} info={info.data} onSaved={onChanged} />
          ) : (
            <Card title="Tracking">{info.isPending && <Loading label="Loading tracking" />}</Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FirmCard request={request} info={info.data} infoFailed={info.isError} />
        </Grid.Col>
      </Grid>
      <StaffOutcomeCard requestId={request.id} status={request.status} />
      <FeeApprovalsCard requestId={request.id} canAnswer={false} />
      <FollowUpsPanel requestId={request.id} canAct />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <ClientCard request={request} />
        <ProviderCard request={request} />
        <RequestDataCard request={request} />
      </SimpleGrid>
      <CompletenessCard requestId={request.id} canMark />
      <Card title="Documents">
        <RequestFiles
          files={supporting}
          title="Supporting Documents"
          emptyText="No supporting documents uploaded."
          onChanged={onChanged}
        />
        <RequestFileUpload
          requestId={request.id}
          supporting
          label="Upload Supporting Documents"
          onUploaded={onChanged}
        />
        <Divider my="xs" />
        <RecordsPackageButton requestId={request.id} files={medical} />
        <RecordsIndexStatus requestId={request.id} fileCount={medical.length} />
        <RequestFiles
          files={medical}
          title="Medical Documents"
          emptyText="No medical documents have arrived yet."
          onChanged={onChanged}
        />
        <RequestFileUpload
          requestId={request.id}
          supporting={false}
          label="Upload Medical Documents"
          description="Verify each document before sending the request to the law firm."
          onUploaded={onChanged}
        />
      </Card>
      <StaffNoteForm requestId={request.id} onAdded={onChanged} />
      <NotesTable notes={request.notes} onChanged={onChanged} />
    </Stack>
  );
}
