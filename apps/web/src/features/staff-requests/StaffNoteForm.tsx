/**
 * The staff add-note form: text (a note template can fill it), a status from 'In Contact With Provider'
 * down to the last closed status, and a reminder date (today or later).
 */
import { NoteFormSchema, type RequestStatus, STAFF_NOTE_STATUSES } from '@dd/shared';
import { Select, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Card, DateField, Form, SelectField, TextAreaField, useFormContext } from '../../ui';
import { addStaffNote, useNoteTemplates } from './api';
import { localToday } from './parts';

interface NoteValues {
  text?: string;
  update_status?: RequestStatus | null;
  reminder_date?: string;
}

const STATUS_OPTIONS = STAFF_NOTE_STATUSES.map((status) => ({ text: status, value: status }));

/** Picking a template puts its text in the note (inside the form, so it writes the form's value). */
function TemplatePicker() {
  const form = useFormContext();
  const templates = useNoteTemplates();
  const list = templates.data ?? [];
  return (
    <Select
      label="Note Template"
      placeholder={
        templates.isPending
          ? 'Loading templates…'
          : list.length
            ? 'Fill the note from a template'
            : 'No templates yet'
      }
      data={list.map((t) => ({ value: String(t.id), label: t.name }))}
      disabled={list.length === 0}
      searchable
      clearable
      value={null}
      onChange={(key) => {
        const template = list.find((t) => String(t.id) === key);
        if (template) form?.setValue('text', template.text);
      }}
      error={templates.isError ? 'The templates could not be loaded.' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function StaffNoteForm({ requestId, onAdded }: { requestId: number; onAdded: () => void }) {
  return (
    <Card title="Add a Note">
      <Form<NoteValues>
        aria-label="Add a note"
        schema={NoteFormSchema}
        submitLabel="Add Note"
        resetOnSuccess
        submitOnEnter={false}
        onSubmit={(values) =>
          addStaffNote({
            text: values.text ?? '',
            request: requestId,
            update_status: values.update_status ?? null,
            reminder_date: values.reminder_date || null,
          })
        }
        onSuccess={() => {
          notifications.show({ color: 'green', message: 'Note added.' });
          onAdded();
        }}
      >
        <TemplatePicker />
        <TextAreaField name="text" label="Note" required minRows={3} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField<RequestStatus>
            name="update_status"
            label="Update Status"
            placeholder="Keep the current status"
            options={STATUS_OPTIONS}
            clearable
          />
          <DateField name="reminder_date" label="Reminder Date" minDate={localToday()} />
        </SimpleGrid>
      </Form>
    </Card>
  );
}
