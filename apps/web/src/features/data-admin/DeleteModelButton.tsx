import type { ModelConfig } from '@dd/shared';
import { MSG } from '@dd/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * Deletes a model configuration. An applied model's table goes with it, records and all: that needs the
 * model's name typed, as any model-maker change that removes data does (the server checks it too).
 */
export function DeleteModelButton({
  model,
  onDelete,
}: {
  model: ModelConfig;
  onDelete: (confirmName: string) => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const typed = !model.applied || name.trim() === model.name;
  const close = () => {
    if (running) return;
    setOpened(false);
    setName('');
    setFailure(null);
  };
  const confirm = async () => {
    setRunning(true);
    setFailure(null);
    try {
      await onDelete(name);
      setOpened(false);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : MSG.badRequest);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Delete
      </Button>
      <Modal opened={opened} onClose={close} title={MSG.areYouSure} centered closeOnClickOutside={!running}>
        <Stack gap="lg">
          {model.applied ? (
            <>
              <Text size="sm">
                <strong>{model.name}</strong> and its table are deleted, with every record in it. Type the
                model's name to confirm.
              </Text>
              <TextInput
                label="Model name"
                autoComplete="off"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
            </>
          ) : (
            <Text size="sm">
              <strong>{model.name}</strong> will be deleted.
            </Text>
          )}
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={confirm}
              disabled={running || !typed}
              aria-busy={running || undefined}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
