/**
 * /medical_request/{request_id}: the request as a letter to the provider, ready to print (the navigation
 * bar and buttons are hidden when printing). The letter says a HIPAA authorization is enclosed, so a
 * request with none (neither its own nor its client's) warns 'HIPAA authorization missing' above it.
 */
import { formatDate, type RequestDetail } from '@dd/shared';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ScreenProps } from '../../ui';
import { formatAddress, Loading } from '../../ui';
import { HipaaMissing } from '../clients';
import { useRequestDetail } from './api';
import classes from './MedicalRequest.module.css';
import { NotFoundState } from './screen-parts';

export function MedicalRequestScreen({ params }: ScreenProps) {
  const id = Number(params[0]);
  const detail = useRequestDetail(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundState what="Request" />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if ((detail.error as { status?: number }).status === 404) return <NotFoundState what="Request" />;
    return (
      <Alert color="red" role="alert">
        {detail.error.message}
      </Alert>
    );
  }
  return <Letter request={detail.data} />;
}

function Letter({ request }: { request: RequestDetail }) {
  const { patient, provider } = request;
  const firm = patient.company.name;
  const dob = formatDate(patient.date_of_birth);
  const types = request.request_type || 'all medical records';
  const today = formatDate(new Date());
  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint}>
        <Button
          component={Link}
          to={`/request/${request.id}/`}
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
        >
          Back to the request
        </Button>
        <HipaaMissing hipaaUrl={request.hipaa_consent_url || patient.hipaa_consent_url} />
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <article className={classes.letter} aria-labelledby="medical-request-heading">
        <Title order={1} size="h2" id="medical-request-heading" mb="lg">
          Medical Records Request For {patient.full_name} on behalf of {firm}
        </Title>
        <p>{today}</p>
        <p style={{ whiteSpace: 'pre-line' }}>
          {provider.name}
          {'\n'}Attn: Custodian of Records
          {formatAddress(provider) ? `\n${formatAddress(provider)}` : ''}
          {provider.fax ? `\nFax: ${provider.fax}` : ''}
        </p>
        <p>
          <strong>
            Re: {patient.full_name}
            {dob ? `, date of birth ${dob}` : ''} · Request #{request.internal_number}
          </strong>
        </p>
        <p>To the Custodian of Records:</p>
        <p>
          On behalf of our client, {patient.full_name}
          {dob ? ` (date of birth ${dob})` : ''}, {firm} requests copies of the following records: {types},
          for the period from {formatDate(request.start_date)} to {formatDate(request.end_date)}.
        </p>
        <p>
          Enclosed is a HIPAA authorization signed by the patient that permits the release of these records to{' '}
          {firm} and its records-retrieval agent, Direct Docs.
        </p>
        {request.rush && <p>This request is urgent. We would be grateful for your prompt attention.</p>}
        {request.special_instructions && (
          <p style={{ whiteSpace: 'pre-wrap' }}>Special instructions: {request.special_instructions}</p>
        )}
        <p>
          Please reference request #{request.internal_number} with the records or any question about this
          request.
        </p>
        <p>Thank you for your help.</p>
        <p style={{ whiteSpace: 'pre-line' }}>
          Sincerely,
          {'\n'}
          {request.attorney_name ? `${request.attorney_name}\n` : ''}
          {firm}
        </p>
        <Text size="xs" c="dimmed" mt="xl">
          Enclosure: HIPAA authorization
        </Text>
      </article>
    </Stack>
  );
}
