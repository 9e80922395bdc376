/** The client, provider and request data blocks of the Details Center. */
import { formatDate, formatMoney, type RequestDetail } from '@dd/shared';
import { Anchor, Group, SimpleGrid, Text } from '@mantine/core';
import { Card } from '../../ui';
import { DocumentLink, Item } from './parts';

const address = (p: {
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}) =>
  [
    p.address_1,
    p.address_2,
    [p.city, [p.state, p.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter((line) => line?.trim())
    .join('\n');

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
      <Item label="Name">{patient.full_name}</Item>
      <SimpleGrid cols={2} spacing="sm">
        <Item label="Date of Birth">{formatDate(patient.date_of_birth)}</Item>
        <Item label="Client Code">{patient.custom_code}</Item>
      </SimpleGrid>
      <Item label="Address">{address(patient)}</Item>
      <Item label="Phone">{patient.phone_number}</Item>
      <FormLink label="Client HIPAA Form" url={patient.hipaa_consent_url} />
    </Card>
  );
}

export function ProviderCard({ request }: { request: RequestDetail }) {
  const { provider } = request;
  return (
    <Card title="Provider">
      <Item label="Name">{provider.name}</Item>
      <SimpleGrid cols={2} spacing="sm">
        <Item label="Phone">
          {provider.phone && <Anchor href={`tel:${provider.phone}`}>{provider.phone}</Anchor>}
        </Item>
        <Item label="Fax">{provider.fax}</Item>
      </SimpleGrid>
      <Item label="Email">
        {provider.email && <Anchor href={`mailto:${provider.email}`}>{provider.email}</Anchor>}
      </Item>
      <Item label="Address">{address(provider)}</Item>
      {provider.notes && <Item label="Provider Notes">{provider.notes}</Item>}
      <FormLink label="Provider Request Form" url={provider.medical_request_url} />
    </Card>
  );
}

export function RequestDataCard({ request }: { request: RequestDetail }) {
  return (
    <Card title="Request">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Item label="Internal Request #">{request.internal_number}</Item>
        <Item label="Date Submitted">{formatDate(request.created_at)}</Item>
        <Item label="Request From Date">{formatDate(request.start_date)}</Item>
        <Item label="Request To Date">{formatDate(request.end_date)}</Item>
        <Item label="Requested By">{request.requester?.full_name}</Item>
        <Item label="Attorney">{request.attorney_name}</Item>
        <Item label="Rush">{request.rush ? 'Yes' : 'No'}</Item>
        <Item label="Price">{formatMoney(request.price)}</Item>
      </SimpleGrid>
      <Item label="Request Type">{request.request_type}</Item>
      <Item label="Special Instructions">{request.special_instructions}</Item>
      <FormLink label="Intake Form" url={request.intake_form_url} />
      <FormLink label="HIPAA Consent Form" url={request.hipaa_consent_url} />
    </Card>
  );
}
