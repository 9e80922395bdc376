import {
  FEE_FIELDS,
  FEE_LABELS,
  type FeeSettingsAnswer,
  type FeeSettingsBody,
  FeeSettingsBodySchema,
  MSG,
} from '@dd/shared';
import { Alert, Button, Modal, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettingsDollar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DecimalField, Form } from '../../ui';
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

/** The fees as typed (dollars, '38.00'), checked with the route's own schema before they are sent. */
function FeeSettingsForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const fees = useQuery({ queryKey: billingKeys.fees(), queryFn: ({ signal }) => getFees(signal) });

  if (fees.isPending) return <Text c="dimmed">Loading the fee settings…</Text>;
  if (fees.isError) return <Alert color="red">{fees.error.message}</Alert>;
  return (
    <Form<FeeSettingsBody, FeeSettingsAnswer>
      aria-label="Fee settings"
      schema={FeeSettingsBodySchema}
      initialValues={Object.fromEntries(FEE_FIELDS.map((f) => [f, fees.data[f]]))}
      submitLabel="Save fees"
      actions={
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      }
      onSubmit={(values) => saveFees(values)}
      onSuccess={() => {
        void queryClient.invalidateQueries({ queryKey: billingKeys.all });
        notifications.show({ color: 'green', message: MSG.saved });
        onDone();
      }}
    >
      <Text size="sm" c="dimmed">
        A finished request is billed the fee of its status, plus the rush fee when it is a rush request. Lines
        already on a billing keep the fee they were billed with.
      </Text>
      {/* Inputs line up across the columns even where one label wraps to two lines. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
        {FEE_FIELDS.map((f) => (
          <DecimalField key={f} name={f} label={FEE_LABELS[f]} unit="$" required />
        ))}
      </SimpleGrid>
    </Form>
  );
}
