/** The read-only blocks of the request detail: request data, client and provider. */
import { formatDate, formatMoney, type RequestDetail } from '@dd/shared';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Card } from '../../ui';
import { FileDownloadButton } from '../files';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

const addressLines = (p: {
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

export function RequestDataCard({ request }: { request: RequestDetail }) {
  return (
    <Card title="Request">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        <Item label="Date Submitted">{formatDate(request.created_at)}</Item>
        <Item label="Request From Date">{formatDate(request.start_date)}</Item>
        <Item label="Request To Date">{formatDate(request.end_date)}</Item>
        <Item label="Main Contact">{request.user?.full_name}</Item>
        <Item label="Requested By">{request.requester?.full_name}</Item>
        <Item label="Attorney">{request.attorney_name}</Item>
        <Item label="Rush">{request.rush ? 'Yes' : 'No'}</Item>
        <Item label="Price">{formatMoney(request.price)}</Item>
        <Item label="Days Old">{request.days_old}</Item>
      </SimpleGrid>
      <Item label="Request Type">{request.request_type}</Item>
      <Item label="Special Instructions">
        <span style={{ whiteSpace: 'pre-wrap' }}>{request.special_instructions}</span>
      </Item>
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
      <Item label="Name">{patient.full_name}</Item>
      <Item label="Date of Birth">{formatDate(patient.date_of_birth)}</Item>
      <Item label="Law Firm">{patient.company.name}</Item>
    </Card>
  );
}

export function ProviderCard({ request }: { request: RequestDetail }) {
  const { provider } = request;
  return (
    <Card title="Provider">
      <Item label="Name">{provider.name}</Item>
      <Item label="Phone">
        {provider.phone && <Anchor href={`tel:${provider.phone}`}>{provider.phone}</Anchor>}
      </Item>
      <Item label="Fax">{provider.fax}</Item>
      <Item label="Email">
        {provider.email && <Anchor href={`mailto:${provider.email}`}>{provider.email}</Anchor>}
      </Item>
      <Item label="Address">
        <span style={{ whiteSpace: 'pre-line' }}>{addressLines(provider)}</span>
      </Item>
    </Card>
  );
}

export { addressLines };
