/**
 * Column 2 of the Details Center: the Archived or Active label with the button that changes it (archiving
 * asks first: the request leaves the staff lists), and the requisition / provider fee form.
 */
import {
  FEE_MEDIA,
  FEE_MEDIUM_LABELS,
  type FeeMedium,
  MSG,
  parseAmount,
  RequisitionFormSchema,
  STAFF_MSG,
  type StaffRequestInfo,
  toDollars,
} from '@dd/shared';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Card, Form, NumberField, SelectField, TextField } from '../../ui';
import { saveTracking, setArchived } from './api';
import { FeeCheckPanel } from './FeeCheckPanel';
import { PrepaymentDemand } from './PrepaymentDemand';
import { errorMessage } from './parts';

interface TrackingValues {
  requisition_id?: string;
  provider_cost?: number | '';
  pages?: number | '';
  medium?: FeeMedium | null;
  clerical_minutes?: number | '';
  postage?: number | '';
}

export const MEDIUM_OPTIONS = FEE_MEDIA.map((medium) => ({
  value: medium,
  text: FEE_MEDIUM_LABELS[medium].replace(/^./, (c) => c.toUpperCase()),
}));

export function TrackingCard({
  requestId,
  info,
  onSaved,
}: {
  requestId: number;
  info: StaffRequestInfo;
  onSaved: () => void;
}) {
  return (
    <Card
      title="Tracking"
      actions={<ArchiveState requestId={requestId} archived={info.archived} onChanged={onSaved} />}
    >
      <Text size="sm" c="dimmed">
        The provider's requisition number and what they charged, for how many pages (checked against the legal
        cap); the invoice line follows.
      </Text>
      <Form<TrackingValues>
        key={[
          info.requisition_id,
          info.provider_cost,
          info.provider_pages,
          info.provider_medium,
          info.provider_clerical_minutes,
          info.provider_postage,
        ].join('|')}
        aria-label="Requisition and provider fee"
        schema={RequisitionFormSchema}
        submitLabel="Save"
        initialValues={{
          requisition_id: info.requisition_id ?? '',
          // The input edits dollars; the answer's amount is read exactly and shown with two decimals.
          provider_cost: toDollars(parseAmount(info.provider_cost)),
          pages: info.provider_pages ?? '',
          medium: info.provider_medium,
          clerical_minutes: info.provider_clerical_minutes ?? '',
          postage: toDollars(parseAmount(info.provider_postage)) || '',
        }}
        onSubmit={(values) =>
          saveTracking(requestId, {
            requisition_id: values.requisition_id?.trim() || null,
            provider_cost: Number(values.provider_cost),
            pages: blankToNull(values.pages),
            medium: values.medium ?? null,
            clerical_minutes: blankToNull(values.clerical_minutes),
            postage: Number(values.postage || 0),
          })
        }
        onSuccess={() => {
          notifications.show({ color: 'green', message: MSG.saved });
          onSaved();
        }}
      >
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextField name="requisition_id" label="Requisition ID" maxLength={100} />
          <NumberField
            name="provider_cost"
            label="Provider Cost"
            required
            min={0}
            decimalScale={2}
            prefix="$"
            thousandSeparator
          />
        </Group>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NumberField name="pages" label="Pages Charged" min={0} decimalScale={0} />
          <SelectField name="medium" label="Medium" options={MEDIUM_OPTIONS} searchable={false} />
        </Group>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NumberField
            name="clerical_minutes"
            label="Clerical Minutes"
            description="Itemized by the provider (subpoenas)"
            min={0}
            decimalScale={0}
          />
          <NumberField
            name="postage"
            label="Postage"
            description="Actual postage billed"
            min={0}
            decimalScale={2}
            prefix="$"
          />
        </Group>
      </Form>
      {info.fee_check && (
        <FeeCheckPanel
          requestId={requestId}
          check={info.fee_check}
          billedPages={info.provider_pages}
          onNoted={onSaved}
        />
      )}
      <PrepaymentDemand requestId={requestId} onRecorded={onSaved} />
    </Card>
  );
}

const blankToNull = (value: number | '' | undefined) => (value === '' || value === undefined ? null : value);

function ArchiveState({
  requestId,
  archived,
  onChanged,
}: {
  requestId: number;
  archived: boolean;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await setArchived(requestId, next);
      setAsking(false);
      notifications.show({ color: 'green', message: next ? STAFF_MSG.archived : STAFF_MSG.unarchived });
      onChanged();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Nothing was changed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      {archived ? (
        <Badge color="gray" variant="filled" size="lg" radius="sm" leftSection={<IconArchive size={14} />}>
          Archived
        </Badge>
      ) : (
        <Badge color="teal" variant="light" size="lg" radius="sm" leftSection={<IconCircleCheck size={14} />}>
          Active
        </Badge>
      )}
      {archived ? (
        <Button
          size="xs"
          variant="default"
          loading={busy}
          leftSection={<IconArchiveOff size={14} />}
          onClick={() => change(false)}
        >
          Make Active
        </Button>
      ) : (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchive size={14} />}
          onClick={() => setAsking(true)}
        >
          Archive
        </Button>
      )}
      <Modal opened={asking} onClose={() => !busy && setAsking(false)} title="Archive this request?">
        <Stack>
          <Text size="sm">
            It leaves the request list and the To Do list. Its notes, files and reminders are kept, and it can
            be made active again at any time (filter the list by Archived to find it).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => change(true)} leftSection={<IconArchive size={14} />}>
              Archive
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
