import { isOpenStatus, type RequestStatus, STATUS } from '@dd/shared';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Partial<Record<RequestStatus, string>> = {
  [STATUS.requestedByLawyer]: 'blue',
  [STATUS.needAssistance]: 'red',
  [STATUS.waitingForDirectDocs]: 'orange',
  [STATUS.waitingForFeeApproval]: 'grape',
  [STATUS.requestRejected]: 'orange',
  [STATUS.cancelled]: 'gray',
};

/** The colour of a status, everywhere it is shown: needs-you statuses stand out, open cyan, finished green. */
export function statusColor(status: string): string {
  const known = status as RequestStatus;
  return STATUS_COLORS[known] ?? (isOpenStatus(known) ? 'cyan' : 'green');
}

/** A request's status as a coloured badge. */
export function StatusBadge({ status, size = 'lg' }: { status: RequestStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      size={size}
      radius="sm"
      style={{ textTransform: 'none' }}
    >
      {status}
    </Badge>
  );
}
