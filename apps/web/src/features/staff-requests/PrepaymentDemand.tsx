/**
 * A provider's demand of payment before it releases the records (docs/fees.md): staff enter the amount
 * (with the pages, medium and the provider's reference when known), confirm it, and the server asks the
 * firm like a charge: above the firm's approval limit the request waits for its answer.
 */
import { type FeeMedium, formatMoney, type PrepaymentBody, PrepaymentBodySchema, toCents } from '@dd/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Form, NumberField, SelectField, TextField } from '../../ui';
import { recordPrepayment } from './api';
import { errorMessage } from './parts';
import { MEDIUM_OPTIONS } from './TrackingCard';

interface DemandValues {
  amount?: number | '';
  pages?: number | '';
  medium?: FeeMedium | null;
  note?: string;
}

const toBody = (values: DemandValues): PrepaymentBody => ({
  amount: values.amount === '' || values.amount === undefined ? 0 : values.amount,
  pages: values.pages === '' || values.pages === undefined ? null : values.pages,
  medium: values.medium ?? null,
  note: values.note?.trim() || null,
});

export function PrepaymentDemand({ requestId, onRecorded }: { requestId: number; onRecorded: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<PrepaymentBody | null>(null);
  const [values, setValues] = useState<DemandValues>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setConfirming(null);
    setValues({});
    setError(null);
  };

  const record = async (body: PrepaymentBody) => {
    setBusy(true);
    setError(null);
    try {
      const result = await recordPrepayment(requestId, body);
      notifications.show({ color: 'green', message: result.success });
      setBusy(false);
      setOpen(false);
      setConfirming(null);
      setValues({});
      onRecorded();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <>
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconReceipt size={14} />}
          onClick={() => setOpen(true)}
        >
          Record Prepayment Demand
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title="Provider demands prepayment">
        {confirming ? (
          <Stack>
            <Text size="sm">
              Record that the provider demands {formatMoney(toCents(Number(confirming.amount)))} before it
              releases the records? Above the firm's approval limit the firm is asked to approve it, and the
              request waits for its answer.
            </Text>
            {error && (
              <Alert color="red" role="alert" title="The demand was not recorded">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
                Back
              </Button>
              <Button loading={busy} onClick={() => record(confirming)}>
                Record {formatMoney(toCents(Number(confirming.amount)))} Demand
              </Button>
            </Group>
          </Stack>
        ) : (
          <Form<DemandValues>
            aria-label="Prepayment demand"
            schema={PrepaymentBodySchema}
            initialValues={values}
            submitLabel="Continue"
            onSubmit={(v) => {
              setValues(v);
              setConfirming(toBody(v));
            }}
          >
            <Text size="sm" c="dimmed">
              What the provider asks to be paid before it releases the records.
            </Text>
            <NumberField
              name="amount"
              label="Amount Demanded"
              required
              min={0}
              decimalScale={2}
              prefix="$"
              thousandSeparator
            />
            <Group grow align="flex-start" gap="sm" wrap="wrap">
              <NumberField name="pages" label="Pages (if known)" min={0} decimalScale={0} />
              <SelectField
                name="medium"
                label="Medium (if known)"
                options={MEDIUM_OPTIONS}
                searchable={false}
              />
            </Group>
            <TextField
              name="note"
              label="Provider's Reference"
              description="Its invoice number, for example"
              maxLength={200}
            />
          </Form>
        )}
      </Modal>
    </>
  );
}
