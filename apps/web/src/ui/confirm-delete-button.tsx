/** A delete (or other hard-to-undo) button that first asks 'Are you sure?' with Cancel and a confirm button. */
import { MSG } from '@dd/shared';
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface ConfirmDeleteButtonProps {
  /** Runs after confirmation; the dialog stays open and disabled until it settles. */
  onConfirm: () => unknown | Promise<unknown>;
  /** Confirm button text. @default 'Delete' */
  label?: string;
  /** Text of the button that opens the dialog; defaults to the label. */
  children?: ReactNode;
  /** What will be deleted, shown in the dialog body. */
  message?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  leftSection?: ReactNode;
  disabled?: boolean;
  /** For confirmations that are not deletions (restore). @default 'red' */
  color?: ButtonProps['color'];
  /** The button that closes the dialog and changes nothing. @default 'Cancel' */
  keepLabel?: string;
}

export function ConfirmDeleteButton({
  onConfirm,
  label = 'Delete',
  children,
  message,
  variant = 'light',
  size = 'sm',
  leftSection,
  disabled,
  color = 'red',
  keepLabel = 'Cancel',
}: ConfirmDeleteButtonProps) {
  const [opened, setOpened] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (running) return;
    setOpened(false);
    setFailure(null);
  };

  const confirm = async () => {
    setRunning(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpened(false);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : MSG.badRequest);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Button
        color={color}
        variant={variant}
        size={size}
        leftSection={leftSection}
        disabled={disabled}
        onClick={() => setOpened(true)}
      >
        {children ?? label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={MSG.areYouSure}
        centered
        size="sm"
        closeOnClickOutside={!running}
      >
        <Stack gap="lg">
          {message && <Text size="sm">{message}</Text>}
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={running}>
              {keepLabel}
            </Button>
            <Button color={color} onClick={confirm} disabled={running} aria-busy={running || undefined}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
