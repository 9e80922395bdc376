import { ProviderFormSchema } from '@dd/shared';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth';
import type { ScreenProps } from '../../ui';
import { BackButton, EmptyState, FileUploadField, Form, Loading, NumberField } from '../../ui';
import {
  createProvider,
  existingProvider,
  getProvider,
  type ProviderConflict,
  providerKeys,
  updateProvider,
} from './api';
import { DeleteProviderButton, MergeProviderSection } from './MergeProviderSection';
import { ProviderDetails } from './ProviderDetails';
import { ProviderFields } from './ProviderFields';

/**
 * /editProvider/ (create), /editProvider/{id}/ and /editProvider/{id}/{request_id}/ (edit; back to
 * the request after saving). Creating is open to every signed-in user (firms add providers while
 * ordering); editing, deleting and merging are for internal staff, so everyone else sees the
 * provider read-only (the same details the request screens already show them).
 */
const FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'fax',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip_code',
  'notes',
  'medical_request_url',
  'kind',
  'max_authorization_age_days',
] as const;

export default function EditProviderScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  const [idParam, requestParam] = params;
  const id = idParam ? Number(idParam) : null;
  const requestId = requestParam && /^\d+$/.test(requestParam) ? requestParam : null;
  if (!user) return null;
  if (id !== null && !(Number.isInteger(id) && id > 0)) return <EmptyState text="No provider found here." />;
  const staff = user.abilities.is_internal_staff;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{id === null ? 'Add Provider' : staff ? 'Edit Provider' : 'Provider'}</Title>
        {requestId ? (
          <BackButton to={`/request/${requestId}/`}>Back to Request</BackButton>
        ) : (
          staff && <BackButton to="/providerList/">Provider List</BackButton>
        )}
      </Group>
      {id === null ? (
        <ProviderEditor staff={staff} />
      ) : staff ? (
        <ProviderEditor staff id={id} requestId={requestId} />
      ) : (
        <ProviderDetails id={id} />
      )}
    </Stack>
  );
}

function ProviderEditor({
  staff,
  id,
  requestId,
}: {
  staff: boolean;
  id?: number;
  requestId?: string | null;
}) {
  const existing = useQuery({
    queryKey: providerKeys.one(id ?? 0),
    queryFn: ({ signal }) => getProvider(id!, signal),
    enabled: id !== undefined,
  });
  if (id !== undefined && existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return missing ? (
      <EmptyState text="No provider found here." />
    ) : (
      <Alert color="red">{existing.error.message}</Alert>
    );
  }
  if (id !== undefined && !existing.data) return <Loading />;
  const provider = existing.data;
  return (
    <>
      <Paper withBorder radius="lg" p="lg">
        <ProviderForm key={id ?? 'new'} staff={staff} id={id} requestId={requestId} initial={provider} />
      </Paper>
      {provider && (
        <>
          <MergeProviderSection provider={provider} />
          <Group justify="flex-end">
            <DeleteProviderButton provider={provider} />
          </Group>
        </>
      )}
    </>
  );
}

function ProviderForm(props: {
  staff: boolean;
  id?: number;
  requestId?: string | null;
  initial?: Record<string, unknown>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<ProviderConflict | null>(null);
  const initialValues = Object.fromEntries(FORM_FIELDS.map((f) => [f, props.initial?.[f] ?? '']));

  const save = async (values: Record<string, unknown>) => {
    setConflict(null);
    const body = Object.fromEntries(FORM_FIELDS.map((f) => [f, values[f] ?? '']));
    try {
      const saved = props.id ? await updateProvider(props.id, body) : await createProvider(body);
      await queryClient.invalidateQueries({ queryKey: providerKeys.all });
      notifications.show({ color: 'green', message: 'Saved' });
      if (props.requestId) navigate(`/request/${props.requestId}/`);
      else if (!props.id) navigate(props.staff ? '/providerList/' : `/editProvider/${saved.id}/`);
      return saved;
    } catch (error) {
      const taken = existingProvider(error);
      if (!taken) throw error;
      setConflict(taken);
      return { error: taken.error };
    }
  };

  return (
    <Form
      aria-label="Provider"
      schema={ProviderFormSchema}
      initialValues={initialValues}
      onSubmit={save}
      submitLabel="Save Provider"
    >
      <ProviderFields autoFocus={!props.id} />
      {props.staff && (
        <FileUploadField
          name="medical_request_url"
          label="Medical Request Form"
          description="The provider's own records request form, if it has one."
          bucket="provider-forms"
          accept={['application/pdf']}
        />
      )}
      {props.staff && (
        <NumberField
          name="max_authorization_age_days"
          label="Oldest authorization accepted (days)"
          description="Some providers refuse an authorization signed longer ago than this. Leave blank for no limit."
          min={1}
          max={3650}
          step={1}
        />
      )}
      {conflict && !props.id && (
        <Text size="sm">
          <Anchor component={Link} to={`/editProvider/${conflict.provider.id}/`}>
            Open {conflict.provider.name}
          </Anchor>
        </Text>
      )}
    </Form>
  );
}
