import { ProviderFormSchema } from '@dd/shared';
import { Button, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from '../../ui';
import {
  createProvider,
  existingProvider,
  type ProviderConflict,
  type ProviderSummary,
  providerKeys,
} from './api';
import { ProviderExistsNotice, ProviderFields } from './ProviderFields';

/**
 * 'Add New Provider' while ordering: the provider form in a modal. A name that already exists shows
 * the spec's message with 'Assign Provider: {name}', which hands back the existing provider instead.
 */
export interface ProviderFormModalProps {
  opened: boolean;
  onClose: () => void;
  initialName?: string;
  onSaved: (provider: ProviderSummary) => void;
}

export function ProviderFormModal({ opened, onClose, initialName, onSaved }: ProviderFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add New Provider"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {opened && <NewProviderForm initialName={initialName} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

const CONFLICT = Symbol('conflict');

function NewProviderForm({ initialName, onClose, onSaved }: Omit<ProviderFormModalProps, 'opened'>) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<ProviderConflict | null>(null);
  const done = (provider: ProviderSummary) => {
    onSaved(provider);
    onClose();
  };
  const save = async (values: Record<string, unknown>) => {
    setConflict(null);
    try {
      const provider = await createProvider(values);
      await queryClient.invalidateQueries({ queryKey: providerKeys.all });
      return provider;
    } catch (error) {
      const existing = existingProvider(error);
      if (!existing) throw error;
      setConflict(existing);
      return CONFLICT;
    }
  };
  return (
    <Stack gap="md">
      <Form<Record<string, unknown>, ProviderSummary | typeof CONFLICT>
        aria-label="Add new provider"
        schema={ProviderFormSchema}
        initialValues={{ name: initialName?.trim() ?? '' }}
        onSubmit={save}
        onSuccess={(result) => {
          if (result !== CONFLICT) done(result);
        }}
        submitLabel="Save Provider"
        actions={
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        }
      >
        <ProviderFields autoFocus />
        {conflict && <ProviderExistsNotice conflict={conflict} onAssign={done} />}
      </Form>
    </Stack>
  );
}
