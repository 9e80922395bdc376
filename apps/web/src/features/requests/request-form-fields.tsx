/**
 * The request form's own fields, bound to the kit <Form> by name: client, providers, request types
 * (three columns) and main contact (a select for staff, the current name read-only for others).
 */
import { type ClientSummary, MSG } from '@dd/shared';
import { Checkbox, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { SelectField, useFormField, useFormValue } from '../../ui';
import { ClientPicker } from '../clients';
import { ProviderPicker, type ProviderSummary } from '../providers';
import { useCompanyUsers, useRequestTypes } from './api';
import { ClientHistory } from './ClientHistory';

/** The client; choosing one fills the HIPAA Consent Form with the client's form unless one was set by hand. */
export function PatientField({ companyId }: { companyId: number }) {
  const field = useFormField<number | null>('patient', {
    label: 'Client',
    validate: (value) => (value ? undefined : MSG.noPatient),
  });
  const [hipaa, setHipaa] = useFormValue<string>('hipaa_consent_url');
  const clientHipaa = useRef<string | null | undefined>(undefined);
  const choose = (client: ClientSummary | null) => {
    field.setValue(client?.id ?? null);
    const suggested = client?.hipaa_consent_url ?? '';
    if (!hipaa || hipaa === clientHipaa.current) setHipaa(suggested);
    clientHipaa.current = suggested;
  };
  return (
    <div id={field.id} tabIndex={-1}>
      <ClientPicker companyId={companyId} value={field.value ?? null} onChange={choose} />
      <FieldError message={field.error} />
      {field.value ? <ClientHistory patientId={field.value} /> : null}
    </div>
  );
}

/** Several providers on a new request; exactly one when editing (the latest choice wins). */
export function ProvidersField({
  single,
  selected,
}: {
  single: boolean;
  /** The edited request's provider, so its name shows at once. */
  selected?: ProviderSummary[];
}) {
  const field = useFormField<number[]>('provider', {
    label: single ? 'Provider' : 'Providers',
    validate: (value) => (Array.isArray(value) && value.length > 0 ? undefined : MSG.noProvider),
  });
  return (
    <div id={field.id} tabIndex={-1}>
      <ProviderPicker
        label={single ? 'Provider' : 'Providers'}
        value={field.value ?? []}
        selectedProviders={selected}
        onChange={(ids) => field.setValue(single ? ids.slice(-1) : ids)}
      />
      <FieldError message={field.error} />
    </div>
  );
}

/** The message under a picker (the pickers draw their own label). */
function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text c="red" size="xs" mt={6} role="alert">
      {message}
    </Text>
  );
}

export function RequestTypesField() {
  const field = useFormField<string[]>('request_type', { label: 'Request Type' });
  const types = useRequestTypes();
  const value = field.value ?? [];
  // Types saved on an older request stay visible even if they are no longer offered.
  const names = useMemo(() => {
    const offered = (types.data ?? []).map((t) => t.name);
    return [...offered, ...value.filter((v) => !offered.includes(v))];
  }, [types.data, value]);
  return (
    <Checkbox.Group
      id={field.id}
      label="Request Type"
      value={value}
      onChange={field.setValue}
      error={field.error}
    >
      {types.isPending ? (
        <Skeleton h={72} mt="xs" />
      ) : types.isError ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          The request types could not be loaded. Reload the page to try again.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" mt="xs">
          {names.map((name) => (
            <Checkbox key={name} value={name} label={name} />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
}

/** Staff choose among the firm's active users; everyone else is the main contact (shown read-only). */
export function MainContactField({
  companyId,
  canChoose,
  fixedName,
  current,
}: {
  companyId: number;
  canChoose: boolean;
  /** Shown when the caller cannot choose. */
  fixedName: string;
  /** The saved main contact, kept as an option even if no longer active. */
  current?: { id: number; full_name: string } | null;
}) {
  const users = useCompanyUsers(companyId, canChoose);
  const options = useMemo(() => {
    const list = (users.data ?? []).map(({ User }) => ({ text: User.full_name, value: User.id }));
    if (current && !list.some((o) => o.value === current.id))
      list.push({ text: current.full_name, value: current.id });
    return list;
  }, [users.data, current]);
  if (!canChoose) {
    return <TextInput label="Main Contact" value={fixedName} readOnly variant="filled" />;
  }
  return (
    <SelectField<number>
      name="user"
      label="Main Contact"
      required
      options={options}
      placeholder={users.isPending ? 'Loading users…' : 'Choose the main contact'}
      nothingFoundMessage="No active users in this firm"
    />
  );
}
