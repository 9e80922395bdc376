import { type AdminField, type AdminRecord, MSG } from '@dd/shared';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Card, ConfirmDeleteButton, DetailItem, Form, idParam, Loading, type ScreenProps } from '../../ui';
import { AdminCrumbs } from './AdminCrumbs';
import { AdminFieldInput } from './AdminFieldInput';
import { adminKeys, deleteRecord, getRecord, saveRecord } from './api';
import { useModel } from './use-model';
import { showValue } from './values';

/** What the form sends: its editable fields, with an emptied number as no value. */
function bodyOf(fields: AdminField[], values: Record<string, unknown>) {
  return Object.fromEntries(
    fields
      .filter((f) => !f.read_only)
      .map((f) => [f.name, values[f.name] === '' ? null : (values[f.name] ?? null)]),
  );
}

/** /instance/{app}/{model}/[id]/: one record's form built from its fields, with save and delete. */
export default function InstanceScreen({ params }: ScreenProps) {
  const [app = '', modelName = '', idText] = params;
  const id = idParam(idText);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { appLabel, model, fields, error } = useModel(app, modelName);
  const record = useQuery({
    queryKey: adminKeys.record(app, modelName, id ?? 0),
    queryFn: ({ signal }) => getRecord(app, modelName, id as number, signal),
    enabled: id !== null,
  });
  const listPath = `/modelInstances/${app}/${modelName}/`;
  const label = model?.label ?? modelName;
  const title = id === null ? `New ${label}` : String(record.data?.label || `${label} #${id}`);
  const loadError = error ?? record.error;

  if (loadError) {
    return (
      <Stack>
        <AdminCrumbs
          steps={[
            { label: appLabel, to: `/models/${app}/` },
            { label, to: listPath },
          ]}
        />
        <Alert color="red">{loadError.message}</Alert>
      </Stack>
    );
  }
  if (!model || !fields || (id !== null && !record.data)) return <Loading />;
  const editable = fields.filter((f) => !f.read_only);
  const readOnly = fields.filter((f) => f.read_only);
  const initialValues = record.data
    ? Object.fromEntries(editable.map((f) => [f.name, record.data[f.name]]))
    : {};

  return (
    <Stack gap="lg" maw={960}>
      <AdminCrumbs
        steps={[
          { label: appLabel, to: `/models/${app}/` },
          { label, to: listPath },
          { label: id === null ? 'New' : `#${id}` },
        ]}
      />
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {id !== null && model.deletable && (
          <ConfirmDeleteButton
            message={
              <>
                <strong>{title}</strong> will be deleted for good.
              </>
            }
            onConfirm={async () => {
              await deleteRecord(app, modelName, id);
              await queryClient.invalidateQueries({ queryKey: adminKeys.all });
              notifications.show({ color: 'green', message: `${title} was deleted.` });
              navigate(listPath);
            }}
          />
        )}
      </Group>
      {model.writable && editable.length > 0 ? (
        <Card title="Fields">
          <Form<Record<string, unknown>, AdminRecord>
            key={record.dataUpdatedAt}
            aria-label={title}
            submitLabel={id === null ? `Add ${label}` : 'Save'}
            initialValues={initialValues}
            onSubmit={(values) => saveRecord(app, modelName, id, bodyOf(fields, values))}
            onSuccess={async (saved) => {
              await queryClient.invalidateQueries({ queryKey: adminKeys.all });
              notifications.show({ color: 'green', message: MSG.saved });
              if (id === null) navigate(`/instance/${app}/${modelName}/${saved.id}/`, { replace: true });
            }}
          >
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {editable.map((f) => (
                <AdminFieldInput key={f.name} field={f} />
              ))}
            </SimpleGrid>
          </Form>
        </Card>
      ) : (
        !model.writable && (
          <Text c="dimmed" size="sm">
            These records are changed on their own screens; here they can only be read.
          </Text>
        )
      )}
      {record.data && readOnly.length > 0 && (
        <Card title={model.writable ? 'Kept by the system' : 'Fields'}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {readOnly.map((f) => (
              <DetailItem key={f.name} label={f.label}>
                {showValue(f, record.data)}
              </DetailItem>
            ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
