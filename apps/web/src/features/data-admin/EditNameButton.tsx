import type { AdminRecord } from '@dd/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { saveRecord } from './api';

/** The inline 'Edit Name' modal (spec section 2): renames a record without opening its form. */
export function EditNameButton(props: {
  app: string;
  model: string;
  field: string;
  record: AdminRecord;
  className?: string;
  onSaved: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = () => {
    setName(String(props.record[props.field] ?? ''));
    setError(null);
    setOpened(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveRecord(props.app, props.model, props.record.id, { [props.field]: name });
      setOpened(false);
      props.onSaved();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        className={props.className}
        leftSection={<IconPencil size={12} />}
        onClick={open}
        aria-label={`Edit Name of ${props.record.label || `#${props.record.id}`}`}
      >
        Edit Name
      </Button>
      <Modal opened={opened} onClose={() => !saving && setOpened(false)} title="Edit Name" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
