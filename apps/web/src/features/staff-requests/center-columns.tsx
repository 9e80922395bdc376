/** Columns 1 and 3 of the Request Details Center: the actions, and the law firm, contact, status and follow-up. */
import { formatDate, type RequestDetail, type StaffRequestInfo } from '@dd/shared';
import { Anchor, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsSplit, IconBuildingHospital, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { dataKeys, refreshData } from '../../api/data';
import { Card, ConfirmDeleteButton, DetailItem, EmailLink, PhoneLink, StatusBadge } from '../../ui';
import { deleteRequest, staffRequestKeys } from './api';
import { DocumentLink, localToday, StaffFactPending } from './parts';
import { SendToLawyerButton } from './SendToLawyerButton';

export function ActionsCard({
  request,
  info,
  infoFailed,
  onChanged,
}: {
  request: RequestDetail;
  info: StaffRequestInfo | undefined;
  infoFailed: boolean;
  onChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const release = info?.law_firm.release_form_url;
  return (
    <Card title="Actions">
      <Stack gap="xs">
        <Button
          component={Link}
          to={`/editRequest/${request.company_id}/${request.id}/`}
          variant="light"
          leftSection={<IconEdit size={18} />}
        >
          Edit Request
        </Button>
        <Button
          component={Link}
          to={`/split_request/${request.id}/`}
          variant="light"
          leftSection={<IconArrowsSplit size={18} />}
        >
          Split Request
        </Button>
        <ConfirmDeleteButton
          label="Delete Request"
          leftSection={<IconTrash size={18} />}
          message={`Request #${request.internal_number} for ${request.patient.full_name} at ${request.provider.name} will be deleted with its notes and files.`}
          onConfirm={async () => {
            await deleteRequest(request.id);
            queryClient.removeQueries({ queryKey: dataKeys.requestDetail(request.id) });
            queryClient.removeQueries({ queryKey: staffRequestKeys.all(request.id) });
            await refreshData(queryClient, 'requests');
            navigate('/requestlist/');
          }}
        />
      </Stack>
      <Divider />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          Law Firm Release
        </Text>
        {!info ? (
          <StaffFactPending failed={infoFailed} />
        ) : release ? (
          <DocumentLink url={release} />
        ) : (
          <Text size="sm" c="dimmed">
            None on file
          </Text>
        )}
      </Group>
      <Anchor component={Link} to={`/editProvider/${request.provider_id}/${request.id}/`} size="sm">
        <Group gap={6} wrap="nowrap">
          <IconBuildingHospital size={16} />
          Edit Provider
        </Group>
      </Anchor>
      <Divider />
      <SendToLawyerButton requestId={request.id} files={request.files} onSent={onChanged} />
      {info?.received_document_at && (
        <Text size="xs" c="dimmed">
          Last sent to the law firm on {formatDate(info.received_document_at)}.
        </Text>
      )}
    </Card>
  );
}

export function FirmCard({
  request,
  info,
  infoFailed,
}: {
  request: RequestDetail;
  info: StaffRequestInfo | undefined;
  infoFailed: boolean;
}) {
  const contact = info?.main_contact ?? null;
  const followUp = info?.next_todo_date ?? null;
  const overdue = followUp !== null && followUp < localToday();
  return (
    <Card title="Contact & Status">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="md" verticalSpacing="md">
        <DetailItem label="Law Firm">
          {request.patient.company.name}
          {info?.law_firm.phone_number && (
            <>
              {'\n'}
              <PhoneLink phone={info.law_firm.phone_number} size="sm" />
            </>
          )}
        </DetailItem>
        <DetailItem label="Main Contact">
          {!info && <StaffFactPending failed={infoFailed} />}
          {contact && (
            <Stack gap={0}>
              <Text size="sm">{contact.full_name}</Text>
              <EmailLink address={contact.email} size="sm" />
              {contact.phone_number && <PhoneLink phone={contact.phone_number} size="sm" />}
            </Stack>
          )}
        </DetailItem>
        <DetailItem label="Status">
          <StatusBadge status={request.status} size="md" />
        </DetailItem>
        <DetailItem label="Follow-up Date">
          {!info ? (
            <StaffFactPending failed={infoFailed} />
          ) : followUp ? (
            <Text size="sm" c={overdue ? 'red.7' : undefined} fw={overdue ? 600 : undefined}>
              {formatDate(followUp)}
              {overdue ? ' (overdue)' : ''}
            </Text>
          ) : (
            'No reminder set'
          )}
        </DetailItem>
        <DetailItem label="Claimed By">
          {info ? (info.working_on?.full_name ?? 'Nobody') : <StaffFactPending failed={infoFailed} />}
        </DetailItem>
      </SimpleGrid>
    </Card>
  );
}
