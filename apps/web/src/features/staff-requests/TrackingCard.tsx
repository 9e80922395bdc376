/** Column 2 of the Details Center: the Archived or Active label and the requisition / provider fee form. */
import { MSG, type StaffRequestInfo } from '@dd/shared';
import { Badge, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconCircleCheck } from '@tabler/icons-react';
import { Card, Form, NumberField, TextField } from '../../ui';
import { saveTracking } from './api';

interface TrackingValues {
  requisition_id?: string;
  provider_cost?: number | '';
}

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
      actions={
        info.archived ? (
          <Badge color="gray" variant="filled" size="lg" radius="sm" leftSection={<IconArchive size={14} />}>
            Archived
          </Badge>
        ) : (
          <Badge
            color="teal"
            variant="light"
            size="lg"
            radius="sm"
            leftSection={<IconCircleCheck size={14} />}
          >
            Active
          </Badge>
        )
      }
    >
      <Text size="sm" c="dimmed">
        The provider's requisition number and what they charged; the invoice line follows.
      </Text>
      <Form<TrackingValues>
        key={`${info.requisition_id ?? ''}|${info.provider_cost}`}
        aria-label="Requisition and provider fee"
        submitLabel="Save"
        initialValues={{ requisition_id: info.requisition_id ?? '', provider_cost: info.provider_cost }}
        onSubmit={(values) =>
          saveTracking(requestId, {
            requisition_id: values.requisition_id?.trim() || null,
            provider_cost: Number(values.provider_cost || 0),
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
      </Form>
    </Card>
  );
}
