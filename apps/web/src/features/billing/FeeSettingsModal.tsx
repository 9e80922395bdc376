import { FEE_FIELDS, FEE_LABELS, type FeeField, type FeeSettingsBody, MSG } from '@dd/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettingsDollar } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { billingKeys, getFees, saveFees } from './api';

/** Fee settings (GET/POST /api/home/price/1/): what a finished request is billed, per status, plus rush. */
export function FeeSettingsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconSettingsDollar size={16} />} onClick={() => setOpened(true)}>
        Fee settings
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Fee settings" size="lg">
        {opened && <FeeSettingsForm onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function FeeSettingsForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const fees = useQuery({ queryKey: billingKeys.fees(), queryFn: ({ signal }) => getFees(signal) });
  const [values, setValues] = useState<Partial<Record<FeeField, string>>>({});
  const amountOf = (f: FeeField) => values[f] ?? fees.data?.[f] ?? '';
  const save = useMutation({
    mutationFn: () =>
      saveFees(Object.fromEntries(FEE_FIELDS.map((f) => [f, amountOf(f)])) as FeeSettingsBody),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      notifications.show({ color: 'green', message: MSG.saved });
      onDone();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : undefined;

  if (fees.isPending) return <Text c="dimmed">Loading the fee settings…</Text>;
  if (fees.isError) return <Alert color="red">{fees.error.message}</Alert>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A finished request is billed the fee of its status, plus the rush fee when it is a rush request.
          Lines already on a billing keep the fee they were billed with.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FEE_FIELDS.map((f) => (
            <TextInput
              key={f}
              label={FEE_LABELS[f]}
              value={amountOf(f)}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setValues((all) => ({ ...all, [f]: next }));
              }}
              leftSection={<Text size="sm">$</Text>}
              inputMode="decimal"
              required
              error={fieldErrors?.[f]}
            />
          ))}
        </SimpleGrid>
        {save.isError && !fieldErrors && <Alert color="red">{save.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save fees
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
