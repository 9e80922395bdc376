/**
 * /list_request_types/: add a request type by name, the list sorted by name in three columns, delete
 * with 'Are you sure?'. Requests keep the names of their types, so deleting one in use only stops new
 * requests from choosing it; the confirmation says so.
 */
import { type RequestType, RequestTypeBodySchema } from '@dd/shared';
import { Alert, Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshData } from '../../api/data';
import { Card, ConfirmDeleteButton, EmptyState, Form, Loading, TextField } from '../../ui';
import { addRequestType, deleteRequestType, useRequestTypes } from './api';
import classes from './staff-list.module.css';

export function RequestTypesScreen() {
  const queryClient = useQueryClient();
  const types = useRequestTypes();
  const refresh = () => refreshData(queryClient, 'requestTypes');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Request Types</Title>
        <Text c="dimmed">The kinds of records a law firm can ask for when it submits a request.</Text>
      </div>
      <Card title="Add A Request Type">
        <Box maw={560}>
          <Form<{ name: string }, RequestType>
            aria-label="Add a request type"
            schema={RequestTypeBodySchema}
            submitLabel="Add Request Type"
            resetOnSuccess
            onSubmit={(values) => addRequestType(values.name)}
            onSuccess={(type) => {
              notifications.show({ color: 'green', message: `${type.name} was added.` });
              void refresh();
            }}
          >
            <TextField name="name" label="Name" required maxLength={200} placeholder="e.g. Dental Records" />
          </Form>
        </Box>
      </Card>
      <Card title={`All Request Types${types.data ? ` (${types.data.length})` : ''}`}>
        {types.isError && (
          <Alert color="red" title="The request types could not be loaded">
            {types.error.message}
          </Alert>
        )}
        {types.isPending ? (
          <Loading />
        ) : !types.data?.length ? (
          <EmptyState objectName="Request Type" />
        ) : (
          <div className={classes.typeColumns}>
            {types.data.map((type) => (
              <Paper key={type.id} withBorder radius="sm" px="sm" py={6} mb="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{type.name}</Text>
                  <Box style={{ flexShrink: 0 }}>
                    <ConfirmDeleteButton
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} />}
                      message={
                        <>
                          <strong>{type.name}</strong> will no longer be offered for new requests. Requests
                          that already ask for it keep it.
                        </>
                      }
                      onConfirm={async () => {
                        await deleteRequestType(type.id);
                        notifications.show({ color: 'green', message: `${type.name} was deleted.` });
                        await refresh();
                      }}
                    >
                      Delete<VisuallyHidden> {type.name}</VisuallyHidden>
                    </ConfirmDeleteButton>
                  </Box>
                </Group>
              </Paper>
            ))}
          </div>
        )}
      </Card>
    </Stack>
  );
}
