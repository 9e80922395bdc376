import type { PdfFormDetail, PdfFormKind } from '@dd/shared';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lookupFirm, lookupProvider, searchFirms, searchProviders } from '../../api/choices';
import { useSiteSettings } from '../../api/settings';
import {
  BackButton,
  CheckboxField,
  ConfirmDeleteButton,
  EmptyState,
  FileUploadField,
  Form,
  Loading,
  type ScreenProps,
  SearchSelect,
  TextField,
  VideoButton,
} from '../../ui';
import { deleteForm, getForm, pdfFormKeys, saveForm } from './api';
import { MappingEditor } from './MappingEditor';
import { isRendering } from './RenderProgress';

/**
 * /editform/{company|provider}/ (add) and /editform/{company|provider}/{id}/ (edit): the form's name,
 * owner, PDF and whether it may carry the SSN; then its pages with the mapping editor. A form that
 * cannot be loaded goes back to /formlist/ (staff spec section 8).
 */
const KINDS: PdfFormKind[] = ['company', 'provider'];

export default function EditFormScreen({ params }: ScreenProps) {
  const [kindParam, idParam] = params;
  const kind = KINDS.find((k) => k === kindParam?.toLowerCase());
  const id = idParam ? Number(idParam) : null;
  const settings = useSiteSettings();
  if (!kind || (id !== null && !(Number.isInteger(id) && id > 0)))
    return <EmptyState text="No form found here." />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>
            {id ? 'PDF Form' : `Add ${kind === 'company' ? 'Company' : 'Provider'} Form`}
          </Title>
          <Text c="dimmed">
            {kind === 'company' ? "A law firm's" : "A provider's"} form, filled with a request's data where
            you place each field.
          </Text>
        </div>
        <Group gap="sm">
          {settings.data?.pdf_form_video_url && (
            <VideoButton url={settings.data.pdf_form_video_url} title="How to map a PDF form" />
          )}
          <BackButton to="/formlist/">All Forms</BackButton>
        </Group>
      </Group>
      {id ? <ExistingForm kind={kind} id={id} /> : <FormDetails kind={kind} />}
    </Stack>
  );
}

function ExistingForm({ kind, id }: { kind: PdfFormKind; id: number }) {
  const navigate = useNavigate();
  const form = useQuery({
    queryKey: pdfFormKeys.one(id),
    queryFn: ({ signal }) => getForm(id, signal),
    // A long PDF's pages come from the background queue: poll until they are in.
    refetchInterval: (query) => (isRendering(query.state.data) ? 1500 : false),
  });
  useEffect(() => {
    if (!form.isError) return;
    notifications.show({ color: 'red', title: 'The form could not be opened', message: form.error.message });
    navigate('/formlist/', { replace: true });
  }, [form.isError, form.error, navigate]);
  if (!form.data) return <Loading label="Loading the form" />;
  return (
    <>
      <FormDetails kind={kind} form={form.data} />
      <MappingEditor form={form.data} />
    </>
  );
}

function FormDetails({ kind, form }: { kind: PdfFormKind; form?: PdfFormDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState<number | undefined>(form?.company ?? form?.provider ?? undefined);
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const ownerLabel = kind === 'company' ? 'Law Firm' : 'Provider';

  const save = async (values: Record<string, unknown>) => {
    if (!owner) {
      setOwnerError(`Choose the ${ownerLabel.toLowerCase()} the form belongs to.`);
      return { error: `Choose the ${ownerLabel.toLowerCase()} the form belongs to.` };
    }
    setOwnerError(undefined);
    const saved = await saveForm(form?.id ?? null, {
      name: values.name,
      url: values.url,
      include_ssn: Boolean(values.include_ssn),
      [kind]: owner,
    });
    queryClient.setQueryData(pdfFormKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: pdfFormKeys.all, refetchType: 'none' });
    notifications.show({ color: 'green', message: 'Saved' });
    if (!form) navigate(`/editform/${kind}/${saved.id}/`, { replace: true });
    return saved;
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Form
        aria-label="PDF form"
        initialValues={{
          name: form?.name ?? '',
          url: form?.url ?? '',
          include_ssn: form?.include_ssn ?? false,
        }}
        onSubmit={save}
        submitLabel={form ? 'Save Form' : 'Add Form'}
        actions={
          form && (
            <ConfirmDeleteButton
              label="Delete Form"
              message={`${form.name}, its page images and its ${form.mapping.length} placed fields will be deleted.`}
              onConfirm={async () => {
                await deleteForm(form.id);
                await queryClient.invalidateQueries({ queryKey: pdfFormKeys.all });
                notifications.show({ color: 'green', message: `${form.name} was deleted.` });
                navigate('/formlist/');
              }}
            />
          )
        }
      >
        <TextField name="name" label="Form name" required autoFocus={!form} />
        {kind === 'company' ? (
          <SearchSelect
            label={ownerLabel}
            placeholder="Search law firms"
            kind="firms"
            required
            value={owner}
            onChange={setOwner}
            search={searchFirms}
            lookup={lookupFirm}
            error={ownerError}
          />
        ) : (
          <SearchSelect
            label={ownerLabel}
            placeholder="Search providers"
            kind="providers"
            required
            value={owner}
            onChange={setOwner}
            search={searchProviders}
            lookup={lookupProvider}
            error={ownerError}
          />
        )}
        <FileUploadField
          name="url"
          label="PDF"
          description="The blank form. Its pages are turned into images you place the fields on."
          required
          bucket={kind === 'company' ? 'company-forms' : 'provider-forms'}
          accept={['application/pdf']}
        />
        <CheckboxField name="include_ssn" label="This form asks for the client's Social Security number" />
      </Form>
      {form && form.pages.length === 0 && !form.render_job && (
        <Alert color="yellow" mt="md">
          This form has no page images yet. Render them below.
        </Alert>
      )}
    </Paper>
  );
}
