import { isOpenStatus, type RequestStatus, STATUS } from '@dd/shared';
import { Badge } from '@mantine/core';

/** A request's status as a coloured badge: needs-you statuses stand out, open cyan, finished green. */
const STATUS_COLORS: Partial<Record<RequestStatus, string>> = {
  [STATUS.requestedByLawyer]: 'blue',
  [STATUS.needAssistance]: 'red',
  [STATUS.waitingForDirectDocs]: 'orange',
  [STATUS.cancelled]: 'gray',
};

export function StatusBadge({ status, size = 'lg' }: { status: RequestStatus; size?: 'md' | 'lg' }) {
  const color = STATUS_COLORS[status] ?? (isOpenStatus(status) ? 'cyan' : 'green');
  return (
    <Badge color={color} variant="light" size={size} radius="sm" style={{ textTransform: 'none' }}>
      {status}
    </Badge>
  );
}
