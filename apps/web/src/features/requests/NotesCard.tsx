/** Notes of a request, newest first, and the add-note form (a law-firm note asks Direct Docs to respond). */
import {
  FIRM_NOTE_KEEPS_STATUS,
  firmNoteKeepsStatus,
  formatDate,
  formatTime,
  NoteFormSchema,
  type RequestNote,
  STATUS,
} from '@dd/shared';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { Card, Form, List, TextAreaField } from '../../ui';
import { addNote } from './api';

export function NotesCard({
  requestId,
  notes,
  isInternal,
  status,
  onAdded,
}: {
  requestId: number;
  notes: RequestNote[];
  isInternal: boolean;
  /** The request's status: while it waits on the firm's own answer, a note does not move it. */
  status: string;
  onAdded: () => void;
}) {
  return (
    <Card title="Notes">
      <Form<{ text?: string }>
        aria-label="Add a note"
        schema={NoteFormSchema}
        submitLabel="Add Note"
        resetOnSuccess
        submitOnEnter={false}
        onSubmit={(values) => addNote({ text: values.text ?? '', request: requestId })}
        onSuccess={onAdded}
      >
        <TextAreaField
          name="text"
          label="Note"
          required
          minRows={3}
          description={
            isInternal
              ? undefined
              : firmNoteKeepsStatus(status)
                ? FIRM_NOTE_KEEPS_STATUS[status as keyof typeof FIRM_NOTE_KEEPS_STATUS]
                : `Adding a note sets the status to '${STATUS.waitingForDirectDocs}' and lets Direct Docs know.`
          }
        />
      </Form>
      <List
        items={notes}
        objectName="Note"
        renderItem={(note) => (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {note.user?.full_name || 'Direct Docs'}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(note.created_at)} {formatTime(note.created_at)}
              </Text>
            </Group>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
            {note.update_status && (
              <Badge mt={6} variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                Status: {note.update_status}
              </Badge>
            )}
          </Paper>
        )}
      />
    </Card>
  );
}
