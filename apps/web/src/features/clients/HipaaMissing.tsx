import { HIPAA_MISSING } from '@dd/shared';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown to the firm and to staff while a client has no HIPAA form on file (it was answered NA). */
export function HipaaMissing({ hipaaUrl }: { hipaaUrl: string | null | undefined }) {
  if (hipaaUrl) return null;
  return (
    <Badge color="red" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} />}>
      {HIPAA_MISSING}
    </Badge>
  );
}
