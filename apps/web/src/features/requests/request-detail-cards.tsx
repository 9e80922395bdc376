/** The read-only blocks of the request detail: request data, client and provider. */
import { formatDate, formatMoney, NOT_PROVIDED, type RequestDetail } from '@dd/shared';
import { Group, SimpleGrid, Text } from '@mantine/core';
import { Card, DetailItem, EmailLink, formatAddress, LegalDeadline, PhoneLink } from '../../ui';
import { HipaaMissing } from '../clients';
import { FileDownloadButton } from '../files';

export function RequestDataCard({ request }: { request: RequestDetail }) {
  return (
    <Card title="Request">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        <DetailItem label="Date Submitted">{formatDate(request.created_at)}</DetailItem>
        <DetailItem label="Request From Date">{formatDate(request.start_date)}</DetailItem>
        <DetailItem label="Request To Date">{formatDate(request.end_date)}</DetailItem>
        <DetailItem label="Main Contact">{request.user?.full_name}</DetailItem>
        <DetailItem label="Requested By">{request.requester?.full_name}</DetailItem>
        <DetailItem label="Attorney">{request.attorney_name}</DetailItem>
        <DetailItem label="Rush">{request.rush ? 'Yes' : 'No'}</DetailItem>
        <DetailItem label="Price">{formatMoney(request.price)}</DetailItem>
        <DetailItem label="Days Old">{request.days_old}</DetailItem>
        <LegalDeadline request={request} />
      </SimpleGrid>
      <DetailItem label="Request Type">{request.request_type}</DetailItem>
      <DetailItem label="Special Instructions">
        <span style={{ whiteSpace: 'pre-wrap' }}>{request.special_instructions}</span>
      </DetailItem>
      {(request.intake_form_url || request.hipaa_consent_url) && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {request.intake_form_url && <FormDownload label="Intake Form" url={request.intake_form_url} />}
          {request.hipaa_consent_url && (
            <FormDownload label="HIPAA Consent Form" url={request.hipaa_consent_url} />
          )}
        </SimpleGrid>
      )}
    </Card>
  );
}

function FormDownload({ label, url }: { label: string; url: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <FileDownloadButton file={{ url, name: label }} />
    </Group>
  );
}

export function ClientCard({ request }: { request: RequestDetail }) {
  const { patient } = request;
  return (
    <Card title="Client">
      <DetailItem label="Name">{patient.full_name}</DetailItem>
      <DetailItem label="Date of Birth">{formatDate(patient.date_of_birth) || NOT_PROVIDED}</DetailItem>
      <DetailItem label="Law Firm">{patient.company.name}</DetailItem>
      <HipaaMissing hipaaUrl={patient.hipaa_consent_url} />
    </Card>
  );
}

export function ProviderCard({ request }: { request: RequestDetail }) {
  const { provider } = request;
  return (
    <Card title="Provider">
      <DetailItem label="Name">{provider.name}</DetailItem>
      <DetailItem label="Phone">{provider.phone && <PhoneLink phone={provider.phone} />}</DetailItem>
      <DetailItem label="Fax">{provider.fax}</DetailItem>
      <DetailItem label="Email">{provider.email && <EmailLink address={provider.email} />}</DetailItem>
      <DetailItem label="Address">
        <span style={{ whiteSpace: 'pre-line' }}>{formatAddress(provider)}</span>
      </DetailItem>
    </Card>
  );
}
