/**
 * /notelist/: note templates (name, description, text) that staff pick to fill a note. List by name,
 * add and edit in a dialog, delete with 'Are you sure?'.
 */
import { NoteTemplateBodySchema, type NoteTemplateRow } from '@dd/shared';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshData } from '../../api/data';
import { Card, ConfirmDeleteButton, EmptyState, Form, Loading, TextAreaField, TextField } from '../../ui';
import { deleteNoteTemplate, saveNoteTemplate, useNoteTemplates } from './api';

type Editing = { template: NoteTemplateRow | null } | null;

export function NoteTemplatesScreen() {
  const queryClient = useQueryClient();
  const templates = useNoteTemplates();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => refreshData(queryClient, 'noteTemplates');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Note Templates</Title>
          <Text c="dimmed">Reusable note texts staff can pick when they add a note to a request.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })}>
          Add Note Template
        </Button>
      </Group>
      <Card>
        {templates.isError && (
          <Alert color="red" title="The note templates could not be loaded">
            {templates.error.message}
          </Alert>
        )}
        {templates.isPending ? (
          <Loading />
        ) : !templates.data?.length ? (
          <EmptyState objectName="Note Template" />
        ) : (
          <Stack gap="sm">
            {templates.data.map((template) => (
              <Paper key={template.id} withBorder radius="md" p="md">
                {/* On a phone the buttons go under the text instead of squeezing it into a narrow column. */}
                <Group justify="space-between" align="flex-start" gap="md">
                  <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Text fw={700}>{template.name}</Text>
                    {template.description && (
                      <Text size="sm" c="dimmed">
                        {template.description}
                      </Text>
                    )}
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {template.text}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="default"
                      size="compact-sm"
                      leftSection={<IconEdit size={14} />}
                      onClick={() => setEditing({ template })}
                    >
                      Edit<VisuallyHidden> {template.name}</VisuallyHidden>
                    </Button>
                    <ConfirmDeleteButton
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} />}
                      message={
                        <>
                          The template <strong>{template.name}</strong> will be deleted. Notes already written
                          with it stay as they are.
                        </>
                      }
                      onConfirm={async () => {
                        await deleteNoteTemplate(template.id);
                        notifications.show({ color: 'green', message: `${template.name} was deleted.` });
                        await refresh();
                      }}
                    >
                      Delete<VisuallyHidden> {template.name}</VisuallyHidden>
                    </ConfirmDeleteButton>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.template ? 'Edit Note Template' : 'Add Note Template'}
        size="lg"
      >
        {editing && (
          <Form<{ name: string; description: string; text: string }, NoteTemplateRow>
            aria-label={editing.template ? 'Edit note template' : 'Add note template'}
            schema={NoteTemplateBodySchema}
            submitLabel="Save"
            submitOnEnter={false}
            initialValues={{
              name: editing.template?.name ?? '',
              description: editing.template?.description ?? '',
              text: editing.template?.text ?? '',
            }}
            onSubmit={(values) => saveNoteTemplate(editing.template?.id ?? null, values)}
            onSuccess={() => {
              notifications.show({ color: 'green', message: 'Saved' });
              setEditing(null);
              void refresh();
            }}
            actions={
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            }
          >
            <TextField name="name" label="Name" required maxLength={200} autoFocus />
            <TextField name="description" label="Description" maxLength={1000} />
            <TextAreaField name="text" label="Text" required minRows={5} />
          </Form>
        )}
      </Modal>
    </Stack>
  );
}
