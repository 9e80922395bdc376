import {
  BATES_MSG,
  CLIENT_FIELD_LABELS,
  CLIENT_HIPAA_HINT,
  CLIENT_NA_HINT,
  CLIENT_REQUIRED_FIELDS,
  type Client,
  ClientFormSchema,
  type ClientMatch,
  type ClientSummary,
  isUnknownValue,
  MSG,
  normalizeSsn,
  requiredClientFieldMessage,
} from '@dd/shared';
import { Button, Checkbox, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  DateField,
  FileUploadField,
  Form,
  TextField,
  type Uploader,
  useFormContext,
  useFormValue,
} from '../../ui';
import { clientKeys, createClient, saveClientSsn, updateClient } from './api';
import { SsnField } from './SsnField';

/**
 * The client form inside the modal: every field of spec section 3, the client required-field
 * message of section 5 under each empty field (NA is an answer: the field is unknown, and reads NA again
 * when the client is edited), the SSN (saved with a new client, or through /save_related_info/ when it
 * changes on an existing one) and the HIPAA consent upload, which may wait ('I don't have it yet' sends
 * NA; the client then shows 'HIPAA authorization missing' until a form is uploaded).
 */
const today = () => new Date().toISOString().slice(0, 10);

const UNKNOWN = 'NA';

/** An edited client's values: a field stored as unknown reads NA, so saving does not ask for it again. */
function editValues({ client, ssn }: { client: Client; ssn: string | null }) {
  const values: Record<string, unknown> = {
    ...client,
    ssn: ssn ?? '',
    hipaa_later: !client.hipaa_consent_url,
  };
  for (const field of CLIENT_REQUIRED_FIELDS) {
    if (field !== 'ssn' && field !== 'hipaa_consent_url' && values[field] === null) values[field] = UNKNOWN;
  }
  return values;
}

function Required({
  name,
}: {
  name: Exclude<keyof typeof CLIENT_FIELD_LABELS, 'ssn' | 'hipaa_consent_url'>;
}) {
  const label = CLIENT_FIELD_LABELS[name];
  if (name === 'date_of_birth') {
    return <DateField name={name} label={label} required allowUnknown maxDate={today()} />;
  }
  return <TextField name={name} label={label} required maxLength={200} />;
}

export interface ClientFormProps {
  companyId: number;
  /** The client being edited with its SSN; absent for a new client. */
  existing?: { client: Client; ssn: string | null };
  onSaved: (client: ClientSummary) => void;
  onUseExisting: (client: ClientMatch) => void;
  onCancel: () => void;
  /** Replaces the real upload (tests). */
  uploader?: Uploader;
}

export function ClientForm({
  companyId,
  existing,
  onSaved,
  onUseExisting,
  onCancel,
  uploader,
}: ClientFormProps) {
  const queryClient = useQueryClient();
  const initialValues = existing ? editValues(existing) : {};

  const save = async (form: Record<string, unknown>) => {
    const { hipaa_later, ...values } = form;
    if (hipaa_later && !values.hipaa_consent_url) values.hipaa_consent_url = UNKNOWN;
    let client: Client;
    if (existing) {
      client = await updateClient(existing.client.id, values);
      const ssn = normalizeSsn(String(values.ssn ?? ''));
      if (ssn !== (existing.ssn ?? '')) await saveClientSsn(client.id, ssn);
    } else {
      client = await createClient(companyId, values);
    }
    await queryClient.invalidateQueries({ queryKey: clientKeys.all });
    return client;
  };

  return (
    <Form<Record<string, unknown>, Client | { error: string }>
      aria-label={existing ? 'Edit client' : 'Add new client'}
      schema={ClientFormSchema}
      initialValues={initialValues}
      onSubmit={save}
      onSuccess={(client) => {
        notifications.show({ color: 'green', message: MSG.saved });
        onSaved(client as Client);
      }}
      submitLabel="Save Client"
      actions={
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Fields marked * are required. {CLIENT_NA_HINT}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Required name="first_name" />
        <Required name="last_name" />
        <Required name="maiden_name" />
        <Required name="date_of_birth" />
        <Required name="custom_code" />
        <SsnField companyId={companyId} checkDuplicates={!existing} onUseExisting={onUseExisting} />
      </SimpleGrid>
      <Divider label="Address" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Required name="address_1" />
        <Required name="address_2" />
        <Required name="city" />
        <SimpleGrid cols={2} spacing="md">
          <Required name="state" />
          <Required name="zip_code" />
        </SimpleGrid>
      </SimpleGrid>
      <Divider label="Contact (optional)" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField name="email" label="Email" type="email" autoComplete="off" maxLength={254} />
        <TextField name="phone_number" label="Phone Number" type="tel" autoComplete="off" maxLength={50} />
        <TextField name="fax_number" label="Fax Number" type="tel" autoComplete="off" maxLength={50} />
      </SimpleGrid>
      <Divider label="Records package (optional)" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField
          name="bates_prefix"
          label={BATES_MSG.prefixLabel}
          description={BATES_MSG.prefixHint}
          autoComplete="off"
          maxLength={8}
          formatInput={(text) => text.toUpperCase()}
        />
      </SimpleGrid>
      <HipaaField uploader={uploader} />
    </Form>
  );
}

const hipaaLabel = CLIENT_FIELD_LABELS.hipaa_consent_url;

/** The HIPAA upload, required unless the firm says it does not have the form yet. */
function HipaaField({ uploader }: { uploader?: Uploader }) {
  const [later, setLater] = useFormValue<boolean>('hipaa_later');
  const form = useFormContext();
  const wait = (checked: boolean) => {
    setLater(checked);
    // Not having the form yet answers the field: its required message goes.
    if (checked) form?.setError('hipaa_consent_url', undefined);
  };
  return (
    <Stack gap={6}>
      <FileUploadField
        name="hipaa_consent_url"
        label={hipaaLabel}
        description={CLIENT_HIPAA_HINT}
        bucket="hipaa-forms"
        accept={['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']}
        uploader={uploader}
        required={!later}
        validate={(value) =>
          later || (typeof value === 'string' && value && !isUnknownValue(value))
            ? undefined
            : requiredClientFieldMessage(hipaaLabel)
        }
      />
      <Checkbox
        label="I don't have the signed form yet (NA): upload it later"
        checked={Boolean(later)}
        onChange={(event) => wait(event.currentTarget.checked)}
      />
    </Stack>
  );
}
