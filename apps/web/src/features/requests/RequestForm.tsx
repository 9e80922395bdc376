/**
 * Submit A Request / Edit Request form. Fields check themselves with the server's messages; a 409
 * duplicate shows the providers' names and 'Override and Create Anyway', which submits again with
 * override_duplicates.
 */
import {
  CLIENT_HIPAA_HINT,
  type CurrentUser,
  DuplicateRequestsSchema,
  formatMoney,
  LEGAL_BASES,
  LEGAL_BASIS_LABELS,
  type LegalBasis,
  type RequestBodyInput,
  RequestBodySchema,
  type RequestDetail,
  type RequestRecord,
  RUSH_SURCHARGE,
  STATUS,
  validateRequestInput,
} from '@dd/shared';
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError, refusalDetails } from '../../api/client';
import {
  CheckboxField,
  DateField,
  FileUploadField,
  Form,
  SelectField,
  TextAreaField,
  TextField,
} from '../../ui';
import { OrderSigningOffer } from '../signing';
import { resubmitRequest, submitRequests } from './api';
import { OrderQuote } from './OrderQuote';
import { MainContactField, PatientField, ProvidersField, RequestTypesField } from './request-form-fields';

export interface RequestFormValues {
  patient: number | null;
  provider: number[];
  request_type: string[];
  user: number | null;
  start_date: string;
  end_date: string;
  rush: boolean;
  special_instructions: string;
  attorney_name: string;
  intake_form_url: string;
  hipaa_consent_url: string;
  legal_basis: LegalBasis | null;
}

const LEGAL_BASIS_OPTIONS = LEGAL_BASES.map((value) => ({ value, text: LEGAL_BASIS_LABELS[value] }));

type Outcome = { kind: 'created'; count: number } | { kind: 'saved'; request: RequestRecord };

export interface RequestFormProps {
  user: CurrentUser;
  /** The law firm the request is for (the client's company). */
  companyId: number;
  /** Edit mode: the request being resubmitted. */
  existing?: RequestDetail;
  onCreated: (count: number) => void;
  onSaved: (request: RequestRecord) => void;
  /** Extra buttons beside the submit button (Cancel). */
  actions?: ReactNode;
}

function initialValues(user: CurrentUser, companyId: number, existing?: RequestDetail): RequestFormValues {
  if (existing) {
    return {
      patient: existing.patient_id,
      provider: [existing.provider_id],
      request_type: existing.request_types,
      user: existing.user_id,
      start_date: existing.start_date ?? '',
      end_date: existing.end_date ?? '',
      rush: existing.rush,
      special_instructions: existing.special_instructions ?? '',
      attorney_name: existing.attorney_name ?? '',
      intake_form_url: existing.intake_form_url ?? '',
      hipaa_consent_url: existing.hipaa_consent_url ?? '',
      legal_basis: existing.legal_basis,
    };
  }
  const ownFirm = user.company_id === companyId;
  return {
    patient: null,
    provider: [],
    request_type: [],
    user: ownFirm || !user.abilities.choose_main_contact ? user.id : null,
    start_date: '',
    end_date: '',
    rush: false,
    special_instructions: '',
    attorney_name: '',
    intake_form_url: '',
    hipaa_consent_url: '',
    legal_basis: 'authorization',
  };
}

export function RequestForm({ user, companyId, existing, onCreated, onSaved, actions }: RequestFormProps) {
  const [duplicates, setDuplicates] = useState<string[] | null>(null);
  const override = useRef(false);
  const canChoose = user.abilities.choose_main_contact;
  const editing = Boolean(existing);

  const onSubmit = async (values: RequestFormValues): Promise<Outcome | { error: string }> => {
    const body: RequestBodyInput = {
      ...values,
      legal_basis: values.legal_basis ?? undefined,
      override_duplicates: override.current || undefined,
    };
    override.current = false;
    setDuplicates(null);
    const failure = validateRequestInput(RequestBodySchema.parse(body));
    if (failure) throw failure;
    try {
      if (existing) return { kind: 'saved', request: await resubmitRequest(existing.id, body) };
      const created = await submitRequests(body);
      return { kind: 'created', count: created.count };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setDuplicates(refusalDetails(error, DuplicateRequestsSchema)?.duplicates ?? []);
        return { error: error.message };
      }
      throw error;
    }
  };

  const onSuccess = (outcome: Outcome | { error: string }) => {
    if (!('kind' in outcome)) return;
    if (outcome.kind === 'created') onCreated(outcome.count);
    else onSaved(outcome.request);
  };

  const mainContactName = existing ? (existing.user?.full_name ?? user.full_name) : user.full_name;
  return (
    <Form<RequestFormValues, Outcome | { error: string }>
      aria-label={editing ? 'Edit Request' : 'Submit A Request'}
      initialValues={initialValues(user, companyId, existing)}
      onSubmit={onSubmit}
      onSuccess={onSuccess}
      submitLabel={editing ? 'Resubmit Request' : 'Submit Request'}
      actions={
        <>
          {actions}
          {duplicates && (
            <Button
              type="submit"
              color="orange"
              variant="light"
              leftSection={<IconAlertTriangle size={18} />}
              onClick={() => {
                override.current = true;
              }}
            >
              Override and Create Anyway
            </Button>
          )}
        </>
      }
    >
      <Section title="Client and providers">
        <PatientField companyId={companyId} />
        <ProvidersField single={editing} selected={existing ? [existing.provider] : undefined} />
      </Section>
      <Section title="What to request">
        <RequestTypesField />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <MainContactField
            companyId={companyId}
            canChoose={canChoose}
            fixedName={mainContactName}
            current={existing?.user}
          />
          <DateField name="start_date" label="Start Date" required />
          <DateField name="end_date" label="End Date" required />
        </SimpleGrid>
        <CheckboxField
          name="rush"
          label={`Rush (adds ${formatMoney(RUSH_SURCHARGE)} per provider)`}
          description="Ask Direct Docs to expedite this request."
        />
        <TextAreaField name="special_instructions" label="Special Instructions" minRows={3} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField name="attorney_name" label="Attorney Name" autoComplete="off" />
          <SelectField<LegalBasis>
            name="legal_basis"
            label="Legal Basis"
            description="Sets the provider's legal deadline, counted from the first send."
            options={LEGAL_BASIS_OPTIONS}
            searchable={false}
            clearable={false}
          />
        </SimpleGrid>
        <OrderQuote companyId={companyId} />
      </Section>
      <Section title="Forms">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <FileUploadField
            name="intake_form_url"
            label="Intake Form"
            bucket="supporting-documents"
            description="The client's intake form, if you have one."
          />
          <FileUploadField
            name="hipaa_consent_url"
            label="HIPAA Consent Form"
            bucket="hipaa-forms"
            description={`Defaults to the client's form. ${CLIENT_HIPAA_HINT}`}
          />
        </SimpleGrid>
        <OrderSigningOffer />
      </Section>
      {existing && existing.status !== STATUS.requestedByLawyer && (
        <Text size="sm" c="dimmed">
          This request is '{existing.status}'. Resubmitting puts it back to '{STATUS.requestedByLawyer}' and
          prices it again.
        </Text>
      )}
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A fieldset is at least as wide as its widest content by default; min-width 0 lets it fit a phone.
    <Stack gap="sm" component="fieldset" m={0} p={0} miw={0} style={{ border: 0 }}>
      <Title order={2} size="h4" component="legend" mb="xs">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
