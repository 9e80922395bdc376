/** The client, provider and request data blocks of the Details Center. */
import { formatDate, formatMoney, NOT_PROVIDED, type RequestDetail } from '@dd/shared';
import { Group, SimpleGrid, Text } from '@mantine/core';
import { Card, DetailItem, EmailLink, formatAddress, LegalDeadline, PhoneLink } from '../../ui';
import { HipaaMissing } from '../clients';
import { DocumentLink } from './parts';

function FormLink({ label, url }: { label: string; url: string | null }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {url ? (
        <DocumentLink url={url} />
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
    </Group>
  );
}

export function ClientCard({ request }: { request: RequestDetail }) {
  const { patient } = request;
  return (
    <Card title="Client">
      <DetailItem label="Name">{patient.full_name}</DetailItem>
      <SimpleGrid cols={2} spacing="sm">
        <DetailItem label="Date of Birth">{formatDate(patient.date_of_birth) || NOT_PROVIDED}</DetailItem>
        <DetailItem label="Client Code">{patient.custom_code ?? NOT_PROVIDED}</DetailItem>
      </SimpleGrid>
      <DetailItem label="Address">{formatAddress(patient) || NOT_PROVIDED}</DetailItem>
      <DetailItem label="Phone">{patient.phone_number}</DetailItem>
      <FormLink label="Client HIPAA Form" url={patient.hipaa_consent_url} />
      <HipaaMissing hipaaUrl={patient.hipaa_consent_url} />
    </Card>
  );
}

export function ProviderCard({ request }: { request: RequestDetail }) {
  const { provider } = request;
  return (
    <Card title="Provider">
      <DetailItem label="Name">{provider.name}</DetailItem>
      <SimpleGrid cols={2} spacing="sm">
        <DetailItem label="Phone">{provider.phone && <PhoneLink phone={provider.phone} />}</DetailItem>
        <DetailItem label="Fax">{provider.fax}</DetailItem>
      </SimpleGrid>
      <DetailItem label="Email">{provider.email && <EmailLink address={provider.email} />}</DetailItem>
      <DetailItem label="Address">{formatAddress(provider)}</DetailItem>
      {provider.notes && <DetailItem label="Provider Notes">{provider.notes}</DetailItem>}
      <FormLink label="Provider Request Form" url={provider.medical_request_url} />
    </Card>
  );
}

export function RequestDataCard({ request }: { request: RequestDetail }) {
  return (
    <Card title="Request">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <DetailItem label="Internal Request #">{request.internal_number}</DetailItem>
        <DetailItem label="Date Submitted">{formatDate(request.created_at)}</DetailItem>
        <DetailItem label="Request From Date">{formatDate(request.start_date)}</DetailItem>
        <DetailItem label="Request To Date">{formatDate(request.end_date)}</DetailItem>
        <DetailItem label="Requested By">{request.requester?.full_name}</DetailItem>
        <DetailItem label="Attorney">{request.attorney_name}</DetailItem>
        <DetailItem label="Rush">{request.rush ? 'Yes' : 'No'}</DetailItem>
        <DetailItem label="Price">{formatMoney(request.price)}</DetailItem>
        <LegalDeadline request={request} />
      </SimpleGrid>
      <DetailItem label="Request Type">{request.request_type}</DetailItem>
      <DetailItem label="Special Instructions">{request.special_instructions}</DetailItem>
      <FormLink label="Intake Form" url={request.intake_form_url} />
      <FormLink label="HIPAA Consent Form" url={request.hipaa_consent_url} />
    </Card>
  );
}
